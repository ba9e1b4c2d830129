package dev.memdir.memory.s3;

/** What became of one attempt to commit in a {@link CommitLog}. */
enum CommitOutcome {
    /** The attempt created the commit it aimed at. */
    COMMITTED,
    /** Another writer created that commit first: the attempt must start again from the newest. */
    LOST_RACE,
    /**
     * The answer was lost and the commit cannot be told any more: it was pruned, newer commits stand. The caller
     * answers that the change may have been made or not.
     */
    UNKNOWN
}
