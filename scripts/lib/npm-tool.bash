# Sourced by the scripts that use a pinned npm package (from the repository root).
# npm_tool DIR PACKAGE VERSION: installs PACKAGE@VERSION into target/DIR unless that very version is there.
npm_tool() {
  local dir="target/$1" package=$2 version=$3
  local installed="$dir/node_modules/$package/package.json"
  if [ ! -f "$installed" ] || [ "$(node -p "require('./$installed').version")" != "$version" ]; then
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "$package@$version" >&2
  fi
}

# tools_installed: ends a script run with MEMDIR_TOOLS_ONLY=1 once its tools are installed, before it builds or runs
# the jar (.ci/run installs every script's tools that way while the build runs).
tools_installed() {
  if [ -n "${MEMDIR_TOOLS_ONLY:-}" ]; then
    exit 0
  fi
}
