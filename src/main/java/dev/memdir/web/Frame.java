package dev.memdir.web;

import java.util.Optional;

/**
 * What every page of a session shows around its content.
 *
 * @param visitor who is logged in (a principal's name, or {@code local})
 * @param readOnly whether the visitor may change nothing, so that no form to change is shown
 * @param csrf the session's token, which every form sends back
 * @param changes the changes the page was made after, which its script compares with the desk's
 * @param notice what the last change answered, shown once
 */
record Frame(String visitor, boolean readOnly, String csrf, long changes, Optional<String> notice) {}
