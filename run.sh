#!/bin/bash
# usage: run.sh prog.py [sections]
f=$1; shift
cd /tmp/par
SIDE=up /work/main/target/venv/bin/python $f "$@" > /tmp/par/out.up 2>&1
SIDE=om /work/wt-py/target/python-venv/test/bin/python $f "$@" > /tmp/par/out.om 2>&1
diff /tmp/par/out.up /tmp/par/out.om
