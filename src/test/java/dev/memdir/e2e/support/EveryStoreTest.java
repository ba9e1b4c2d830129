package dev.memdir.e2e.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A test run once on each store memdir serves: its first parameter is "directory", "postgres" or "s3" ({@link
 * JarMemory#fresh} makes one of each).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "{0}")
@ValueSource(strings = {"directory", "postgres", "s3"})
public @interface EveryStoreTest {}
