package dev.memdir.server;

import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.CommandOutput;
import dev.memdir.server.feature.Tool;
import java.util.Base64;

/** Turns memory command answers into tool results: failures are error results, never protocol errors. */
final class MemoryToolAdapter {

    /** Runs one memory command and returns its answer; nothing is allowed to escape as a protocol error. */
    interface Invocation {
        CommandOutput run() throws CommandException;
    }

    private MemoryToolAdapter() {}

    static Tool.Result answer(Invocation invocation) {
        try {
            return success(invocation.run());
        } catch (CommandException e) {
            return new Tool.Result.Text(e.text(), true);
        }
    }

    private static Tool.Result success(CommandOutput output) {
        if (output instanceof CommandOutput.Image image) {
            return new Tool.Result.Image(Base64.getEncoder().encodeToString(image.data()), image.mimeType());
        }
        CommandOutput.Text text = (CommandOutput.Text) output;
        return new Tool.Result.Text(text.text(), text.isError());
    }
}
