import sys

try:
    from .cli import run
except KeyboardInterrupt:  # Ctrl-C while Python imports mtgasp and clingo
    sys.stderr.write("mtgasp: interrupted\n")
    sys.exit(130)

run()
