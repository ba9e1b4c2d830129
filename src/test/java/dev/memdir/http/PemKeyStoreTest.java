package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PemKeyStoreTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"RSA", "EC"})
    void load_pemPair_oneKeyEntryWithItsCertificate(String algorithm) throws Exception {
        SelfSignedPem pem = SelfSignedPem.make(temp, algorithm);

        KeyStore store = PemKeyStore.load(pem.certificate(), pem.privateKey(), "p".toCharArray());

        PrivateKey key = (PrivateKey) store.getKey(PemKeyStore.ALIAS, "p".toCharArray());
        assertThat(key.getAlgorithm()).isEqualTo(algorithm);
        X509Certificate certificate = (X509Certificate) store.getCertificateChain(PemKeyStore.ALIAS)[0];
        assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=localhost");
        assertThat(certificate.getPublicKey().getAlgorithm()).isEqualTo(algorithm);
    }

    @Test
    void load_keyOfAnotherCertificate_fails() throws Exception {
        SelfSignedPem rsa = SelfSignedPem.make(temp.resolve("rsa"), "RSA");
        SelfSignedPem otherRsa = SelfSignedPem.make(temp.resolve("other"), "RSA");
        SelfSignedPem ec = SelfSignedPem.make(temp.resolve("ec"), "EC");

        assertThatThrownBy(() -> PemKeyStore.load(otherRsa.certificate(), rsa.privateKey(), "p".toCharArray()))
                .isInstanceOf(IOException.class)
                .hasMessage(rsa.privateKey() + " is not the private key of the certificate in "
                        + otherRsa.certificate());
        assertThatThrownBy(() -> PemKeyStore.load(ec.certificate(), rsa.privateKey(), "p".toCharArray()))
                .isInstanceOf(IOException.class)
                .hasMessage(rsa.privateKey() + " is not the private key of the certificate in " + ec.certificate());
    }

    @Test
    void load_pkcs1Key_failsSayingHowToConvert() throws Exception {
        SelfSignedPem pem = SelfSignedPem.make(temp, "RSA");
        Path pkcs1 = temp.resolve("rsa.pem");
        Files.writeString(pkcs1, Files.readString(pem.privateKey()).replace("PRIVATE KEY", "RSA PRIVATE KEY"));

        assertThatThrownBy(() -> PemKeyStore.load(pem.certificate(), pkcs1, "p".toCharArray()))
                .isInstanceOf(IOException.class)
                .hasMessage(pkcs1 + " holds no PKCS#8 private key (-----BEGIN PRIVATE KEY-----); convert one with"
                        + " 'openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8'");
    }

    @Test
    void load_missingFile_failsNamingIt() throws Exception {
        SelfSignedPem pem = SelfSignedPem.make(temp, "RSA");
        Path missing = temp.resolve("missing.pem");

        assertThatThrownBy(() -> PemKeyStore.load(missing, pem.privateKey(), "p".toCharArray()))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot read " + missing + ": no such file");
        assertThatThrownBy(() -> PemKeyStore.load(pem.certificate(), missing, "p".toCharArray()))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot read " + missing + ": no such file");
    }

    @Test
    void load_certificateFileWithoutCertificate_fails() throws Exception {
        SelfSignedPem pem = SelfSignedPem.make(temp, "RSA");
        Path notCertificate = temp.resolve("not.pem");
        Files.writeString(notCertificate, "hello\n");

        assertThatThrownBy(() -> PemKeyStore.load(notCertificate, pem.privateKey(), "p".toCharArray()))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(notCertificate + " ");
    }
}
