package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The reason a failed command gives names what went wrong, never the host path Java put in the exception. */
class IoFailureReasonTest {

    private static final String HOST_PATH = "/srv/memdir/.memdir-namespaces/user/x/d/gone";

    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of(new AccessDeniedException(HOST_PATH), "permission denied"),
                Arguments.of(new NoSuchFileException(HOST_PATH), "it vanished while the command ran"),
                Arguments.of(new DirectoryNotEmptyException(HOST_PATH), "directory not empty"),
                Arguments.of(new NotDirectoryException(HOST_PATH), "not a directory"),
                Arguments.of(new FileAlreadyExistsException(HOST_PATH), "file exists"),
                Arguments.of(new FileSystemException(HOST_PATH, HOST_PATH + ".new",
                        "Too many levels of symbolic links"), "too many levels of symbolic links"),
                Arguments.of(new FileSystemException(HOST_PATH), "FileSystemException"),
                Arguments.of(new IOException("No space left on device"), "no space left on device"),
                Arguments.of(new IOException(), "IOException"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void reason_namesTheFailureNotThePath(IOException failure, String expected) {
        assertThat(IoFailureReason.of(failure)).isEqualTo(expected).doesNotContain("/");
    }
}
