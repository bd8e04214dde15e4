#!/usr/bin/env bash
# Installs the real clients the test suite opens our outputs in: Chromium (SVG and the HTML
# report), LibreOffice Calc (workbook recalculation) and pdftotext (the printed workbook), from
# Debian's packages; PostgreSQL and Redis, which the test Nautobot runs on
# (tests/nautobot_service.py); and python3-venv where Debian's python3 cannot make the virtual
# environment the test command runs in.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-calc-nogui)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
python3 -c "import ensurepip" >/dev/null 2>&1 || need+=(python3-venv)
if [ ${#need[@]} -eq 0 ]; then
  echo "test clients present: chromium, soffice, pdftotext, postgresql, redis-server, python3 -m venv"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing test clients: ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
