#!/usr/bin/env python3
"""Pairs every TRF named in a list file with py4swiss's Dutch engine.

Usage: swiss_oracle.py LIST   (one TRF path per line)
Prints one line per file: `PATH|R-B R-B R-0 ...` (0 = the pairing-allocated bye) or `PATH|ERROR`.
"""
import sys
from pathlib import Path

from py4swiss.engines import DutchEngine
from py4swiss.engines.common import PairingError
from py4swiss.trf import TrfParser

for line in Path(sys.argv[1]).read_text().split():
    try:
        trf = TrfParser.parse(Path(line))
        pairs = DutchEngine.generate_pairings(trf)
        print(line + "|" + " ".join(f"{p.white}-{p.black}" for p in pairs), flush=True)
    except PairingError:
        print(line + "|ERROR", flush=True)
