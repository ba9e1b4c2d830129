package dev.memdir.memory.s3;

/** What became of one attempt to commit in a {@link CommitLog}. */
enum CommitOutcome {
    /** The attempt created the commit it aimed at. */
    COMMITTED,
    /** Another writer created that commit first: the attempt must start again from the newest. */
    LOST_RACE
}
