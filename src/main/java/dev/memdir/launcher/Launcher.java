package dev.memdir.launcher;

import java.lang.reflect.InvocationTargetException;

/**
 * The jar's entry point, compiled for Java 8 so that an old {@code java} can load it and say, in one line,
 * what to do, instead of failing with an UnsupportedClassVersionError. It refers to the rest of memdir
 * (compiled for Java 17) only by name.
 */
public final class Launcher {

    static final int REQUIRED = 17;

    private Launcher() {}

    public static void main(String[] args) throws Throwable {
        String problem = problem(System.getProperty("java.specification.version"), System.getProperty("java.home"));
        if (problem != null) {
            System.err.println(problem);
            System.exit(1);
        }
        try {
            Class.forName("dev.memdir.cli.Main").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Returns the one-line message for a Java too old to run memdir, or null when this Java will do. */
    static String problem(String specificationVersion, String javaHome) {
        String major = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int dot = major.indexOf('.');
        int version = Integer.parseInt(dot < 0 ? major : major.substring(0, dot));
        if (version >= REQUIRED) {
            return null;
        }
        return "memdir: needs Java " + REQUIRED + " or later, but " + javaHome + " is Java " + specificationVersion
                + "; install Java " + REQUIRED + "+ and run the jar with its java";
    }
}
