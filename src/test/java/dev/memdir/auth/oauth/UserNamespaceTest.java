package dev.memdir.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.Namespaces;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A user's own namespace: readable for plain names, escaped otherwise, one segment under user/, never shared. */
class UserNamespaceTest {

    @ParameterizedTest
    @CsvSource(delimiter = ' ', value = {
        "alice user/alice",
        "00u1abc-Z.x user/00u1abc-Z.x",
        "auth0|64f2 user/auth0_7C64f2",
        "ann@corp.example user/ann_40corp.example",
        "a_b user/a_5Fb",
        "a/b user/a_2Fb",
        ".hidden user/_2Ehidden",
        "a..b user/a._2Eb",
        "é user/_C3_A9",
        "user/x user/user_2Fx"})
    void names(String name, String namespace) {
        assertThat(UserNamespace.of(name)).contains(namespace);
    }

    @Test
    void tooLongOnceEscaped_none() {
        assertThat(UserNamespace.of("a".repeat(195))).contains("user/" + "a".repeat(195));
        assertThat(UserNamespace.of("a".repeat(196))).isEmpty();
        assertThat(UserNamespace.of("@".repeat(65))).contains("user/" + "_40".repeat(65));
        assertThat(UserNamespace.of("@".repeat(66))).isEmpty();
    }

    @Test
    void randomNames_alwaysAValidNamespaceOfOneSegment_neverTwoNamesInOne() {
        Random random = new Random(15);
        String alphabet = "aZ09.-_/|@:%é ";
        Map<String, String> owners = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder name = new StringBuilder();
            for (int length = 1 + random.nextInt(8); length > 0; length--) {
                name.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            Optional<String> namespace = UserNamespace.of(name.toString());
            assertThat(namespace).isPresent();
            assertThat(Namespaces.isValid(namespace.get())).as(namespace.get()).isTrue();
            assertThat(namespace.get().indexOf('/', UserNamespace.PREFIX.length())).isEqualTo(-1);
            String earlier = owners.putIfAbsent(namespace.get(), name.toString());
            assertThat(earlier == null || earlier.equals(name.toString())).as(name + " and " + earlier).isTrue();
        }
    }
}
