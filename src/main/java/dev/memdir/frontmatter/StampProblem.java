package dev.memdir.frontmatter;

/** Why a frontmatter is left as it is; the message is the short reason a {@link Stamp} reports. */
final class StampProblem extends Exception {

    StampProblem(String reason) {
        super(reason, null, false, false);
    }
}
