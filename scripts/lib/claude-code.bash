# Sourced by the scripts that run Claude Code (from the repository root): the one version they pin, installed into
# target/claude-code-tools. 2.1.197 is the version whose hooks docs/claude-code.md describes, as found in its requests.
source scripts/lib/npm-tool.bash
CLAUDE_CODE_VERSION=2.1.197
claude_code() {
  npm_tool claude-code-tools @anthropic-ai/claude-code "$CLAUDE_CODE_VERSION"
  echo "$(pwd)/target/claude-code-tools/node_modules/.bin/claude"
}
