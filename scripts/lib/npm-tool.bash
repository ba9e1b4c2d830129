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
