package dev.memdir.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/** A self-signed certificate for 127.0.0.1 and localhost and its key, as PEM files: made by the JDK's keytool. */
public record SelfSignedPem(Path certificate, Path privateKey, Path trustStore) {

    public static final char[] PASSWORD = "changeit".toCharArray();

    /** Makes the pair under {@code directory}, with a PKCS12 trust store holding the certificate. */
    public static SelfSignedPem make(Path directory, String keyAlgorithm) throws IOException, InterruptedException {
        Files.createDirectories(directory);
        Path keyStore = directory.resolve("server.p12");
        Files.deleteIfExists(keyStore);
        keytool("-genkeypair", "-alias", "memdir", "-keyalg", keyAlgorithm, "-dname", "CN=localhost",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keyStore.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD));
        try (InputStream in = Files.newInputStream(keyStore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD);
            Key key = store.getKey("memdir", PASSWORD);
            Certificate certificate = store.getCertificate("memdir");
            Path certificateFile = directory.resolve("cert.pem");
            Path keyFile = directory.resolve("key.pem");
            Files.writeString(certificateFile, pem("CERTIFICATE", certificate.getEncoded()));
            Files.writeString(keyFile, pem("PRIVATE KEY", key.getEncoded()));
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("memdir", certificate);
            Path trustFile = directory.resolve("trust.p12");
            try (var out = Files.newOutputStream(trustFile)) {
                trust.store(out, PASSWORD);
            }
            return new SelfSignedPem(certificateFile, keyFile, trustFile);
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    /** Returns an SSL context that trusts this certificate only. */
    public javax.net.ssl.SSLContext clientContext() throws IOException, GeneralSecurityException {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(trustStore)) {
            trust.load(in, PASSWORD);
        }
        javax.net.ssl.TrustManagerFactory factory = javax.net.ssl.TrustManagerFactory.getInstance(
                javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        String[] command = new String[args.length + 1];
        command[0] = keytool.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("keytool failed: " + output);
        }
    }
}
