# Source me (`. scripts/use-node.sh`): puts Node 24 LTS, the version this product targets (.nvmrc), first on PATH.
# When the machine's own `node` is already that major version nothing changes. Otherwise the official build is
# installed once from the npm registry (the `node-linux-<arch>` package carries the binary and its C headers)
# into ${PARKPILOT_NODE_HOME:-$HOME/.cache/parkpilot}/node-<version>, and npm is pointed at its headers
# (npm_config_nodedir), so native modules built from source (better-sqlite3) are built for the Node that loads
# them. Used by .ci/run; developers on an older Node source it in their shell before `npm install`.
_pp_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_pp_major="$(tr -d ' v\n' < "$_pp_root/.nvmrc")"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$_pp_major" ]; then
  case "$(uname -m)" in
    x86_64) _pp_arch=x64 ;;
    aarch64 | arm64) _pp_arch=arm64 ;;
    *) echo "use-node: no Node $_pp_major build for $(uname -m); install Node $_pp_major yourself" >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  _pp_pkg="node-linux-$_pp_arch"
  _pp_home="${PARKPILOT_NODE_HOME:-$HOME/.cache/parkpilot}/node-$_pp_major"
  _pp_dir="$_pp_home/node_modules/$_pp_pkg"
  if [ ! -x "$_pp_dir/bin/node" ]; then
    echo "use-node: installing Node $_pp_major ($_pp_pkg) into $_pp_home" >&2
    mkdir -p "$_pp_home"
    npm install --prefix "$_pp_home" --no-save --no-audit --no-fund --loglevel=error "$_pp_pkg@$_pp_major" >&2 || { return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_pp_dir/bin:$PATH"
  export npm_config_nodedir="$_pp_dir"
  hash -r 2>/dev/null || true
fi
unset _pp_root _pp_major _pp_arch _pp_pkg _pp_home _pp_dir
