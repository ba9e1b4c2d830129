# Sourced by the scripts that run target/memdir.jar (from the repository root).
# fresh_jar [MAVEN-ARGS...]: builds the jar when it is missing or older than any source (src/ but the benchmarks in
# src/bench, pom.xml), so that no script runs a jar that does not match the sources.
fresh_jar() {
  if [ ! -f target/memdir.jar ] || [ -n "$(find src pom.xml -path src/bench -prune -o -newer target/memdir.jar -print -quit)" ]; then
    echo "building target/memdir.jar: it is missing or older than the sources" >&2
    mvn -B -q "$@" package -DskipTests >&2
  fi
}
