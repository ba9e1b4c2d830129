package dev.memdir.memory;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Runs every test of a class once on each {@link StoreKind}: the directory store, PostgreSQL (a database the
 * tests start themselves, {@code LocalPostgres}) and S3 (an S3 API server they start, {@code LocalS3}). The class takes its store as {@code @Parameter StoreKind kind}
 * and asserts the same on each: a check that only one store can pass belongs in a class of that store alone.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ParameterizedClass
@EnumSource(StoreKind.class)
public @interface EveryStore {}
