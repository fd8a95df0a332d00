#!/bin/sh
# A clang-19 or clang++-19 that is interrupted: the process that ran it gets
# SIGTERM, as in an interrupt of the whole run (temp-files.test).
kill -TERM "$PPID"
exit 1
