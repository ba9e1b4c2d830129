# Sourced by the scripts that run target/memdir.jar (from the repository root).
# fresh_jar [MAVEN-ARGS...]: builds the jar when it is missing or older than any source (src/ but the benchmarks in
# src/bench, pom.xml), so that no script runs a jar that does not match the sources.
fresh_jar() {
  if [ ! -f target/memdir.jar ] || [ -n "$(find src pom.xml -path src/bench -prune -o -newer target/memdir.jar -print -quit)" ]; then
    echo "building target/memdir.jar: it is missing or older than the sources" >&2
    mvn -B -q "$@" package -DskipTests >&2
  fi
}

# fresh_bench CLASS: fresh_jar with the profile bench, then the bench (src/bench/java, into target/bench-classes) when
# CLASS, one of its class files, is missing or older than src/bench or pom.xml.
fresh_bench() {
  fresh_jar -Pbench
  # A jar built without the profile leaves the bench as it was.
  if [ ! -f "$1" ] || [ -n "$(find src/bench pom.xml -newer "$1" -print -quit)" ]; then
    echo "building the bench: it is missing or older than src/bench" >&2
    mvn -B -q -Pbench test-compile >&2
  fi
}

# bench_classpath CLASS DIR: prints the class path that runs the bench (its classes, the tests', the jar's and the
# test-scope dependencies, listed into DIR/classpath); fails when the jar or CLASS is missing.
bench_classpath() {
  if [ ! -f target/memdir.jar ] || [ ! -f "$1" ]; then
    echo "target/memdir.jar or the bench classes are missing; run 'mvn -B -Pbench package -DskipTests'" >&2
    return 1
  fi
  mvn -B -q -Pbench dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$2/classpath" >&2
  echo "target/bench-classes:target/test-classes:target/classes:$(cat "$2/classpath")"
}
