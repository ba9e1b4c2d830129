package dev.memdir.memory;

import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.text.Utf16;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The JSON arguments of one command, read field by field with a clear error for each wrong or missing one. */
final class Arguments {

    private final String command;
    private final Map<String, Object> values;

    Arguments(String command, Map<String, Object> values) {
        this.command = command;
        this.values = values == null ? Map.of() : values;
    }

    MemoryPath path(String field) throws CommandException {
        // The path parser judges unpaired surrogates itself, with the path's own message.
        String raw = rawString(field).orElseThrow(() -> missing(field));
        try {
            return MemoryPathParser.parse(raw);
        } catch (InvalidMemoryPathException e) {
            throw new CommandException(Messages.invalidPath(e));
        }
    }

    String string(String field) throws CommandException {
        return optionalString(field).orElseThrow(() -> missing(field));
    }

    /** Returns a text field; one holding an unpaired surrogate could not be written as UTF-8, so it is refused. */
    Optional<String> optionalString(String field) throws CommandException {
        Optional<String> text = rawString(field);
        if (text.isPresent() && Utf16.unpairedSurrogate(text.get(), 0) >= 0) {
            throw new CommandException(Messages.wrongType(command, field,
                    "valid Unicode text (it holds an unpaired surrogate, which cannot be written as UTF-8)"));
        }
        return text;
    }

    private Optional<String> rawString(String field) throws CommandException {
        Object value = values.get(field);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String)) {
            throw new CommandException(Messages.wrongType(command, field, "a string"));
        }
        return Optional.of((String) value);
    }

    long integer(String field) throws CommandException {
        Object value = values.get(field);
        if (value == null) {
            throw missing(field);
        }
        return asInteger(value).orElseThrow(() -> new CommandException(Messages.wrongType(command, field, "an integer")));
    }

    /** Returns the view range; one that is not a pair is ignored, as the reference ignores it. */
    Optional<ViewRange> viewRange(String field) throws CommandException {
        Object value = values.get(field);
        if (value == null) {
            return Optional.empty();
        }
        CommandException wrong = new CommandException(Messages.wrongType(command, field, "an array of two integers"));
        if (!(value instanceof List<?> list)) {
            throw wrong;
        }
        if (list.size() != 2) {
            return Optional.empty();
        }
        Optional<Long> start = asInteger(list.get(0));
        Optional<Long> end = asInteger(list.get(1));
        if (start.isEmpty() || end.isEmpty()) {
            throw wrong;
        }
        return Optional.of(new ViewRange(start.get(), end.get()));
    }

    private CommandException missing(String field) {
        return new CommandException(Messages.missingParameter(command, field));
    }

    /** Returns a JSON number with no fractional part (2 and 2.0 alike) that fits a long. */
    private static Optional<Long> asInteger(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return Optional.of(((Number) value).longValue());
        }
        if (value instanceof BigInteger || value instanceof BigDecimal || value instanceof Double
                || value instanceof Float) {
            try {
                return Optional.of(new BigDecimal(value.toString()).longValueExact());
            } catch (ArithmeticException | NumberFormatException notAnInteger) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
