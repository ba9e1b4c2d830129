package dev.memdir.config;

import java.util.regex.Pattern;

/**
 * A memory in object storage as {@code --store} names it, {@code s3://BUCKET[/PREFIX]}: a bucket, and the prefix its
 * keys share. Credentials in it are refused: they come from the AWS chain, never from a flag the process list shows.
 *
 * @param bucket the bucket's name
 * @param prefix the keys' common beginning, without a slash at either end; empty for the whole bucket
 */
public record S3Url(String bucket, String prefix) {

    /** How an S3 store's URL begins; a constant, so that naming it loads nothing of this class. */
    public static final String SCHEME = "s3://";
    private static final String FORM = "s3://BUCKET[/PREFIX]";
    /** S3's rule for bucket names (the virtual-host-safe one every S3-compatible service takes). */
    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    /** Parses {@code text}; {@code origin} names where it came from, for the error. */
    public static S3Url parse(String text, String origin) throws ConfigException {
        String trimmed = text.trim();
        if (!trimmed.startsWith(SCHEME)) {
            throw new ConfigException(origin + " must be an S3 URL, " + FORM);
        }
        String rest = trimmed.substring(SCHEME.length());
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        if (bucket.contains("@")) {
            // Not echoed: it holds a secret.
            throw new ConfigException(origin + " carries credentials, which the process list and shell history show;"
                    + " leave them out: memdir takes them from the AWS chain (AWS_ACCESS_KEY_ID and"
                    + " AWS_SECRET_ACCESS_KEY, ~/.aws/credentials with AWS_PROFILE, web identity, instance roles)");
        }
        if (rest.contains("?") || rest.contains("#")) {
            throw new ConfigException(origin + " has a query or a fragment; give the store as " + FORM);
        }
        if (!BUCKET.matcher(bucket).matches() || bucket.contains("..")) {
            throw new ConfigException(origin + " names the bucket '" + bucket + "'; a bucket name is 3-63 characters"
                    + " of a-z 0-9 . -, beginning and ending with a letter or a digit");
        }
        String prefix = slash < 0 ? "" : rest.substring(slash + 1);
        prefix = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        if (!prefix.isEmpty()) {
            for (String segment : prefix.split("/", -1)) {
                if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                    throw new ConfigException(origin + " has the prefix '" + prefix + "'; give it as names separated"
                            + " by single slashes, none of them '.' or '..'");
                }
            }
        }
        return new S3Url(bucket, prefix);
    }

    /** Returns the URL as {@code --store} takes it. */
    @Override
    public String toString() {
        return SCHEME + bucket + (prefix.isEmpty() ? "" : "/" + prefix);
    }
}
