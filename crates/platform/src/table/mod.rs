//! Tables (placeholder).
