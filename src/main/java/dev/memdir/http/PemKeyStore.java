package dev.memdir.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a PEM certificate chain and its PEM (PKCS#8) private key into the key store Jetty's TLS takes. */
final class PemKeyStore {

    static final String ALIAS = "memdir";

    private static final Pattern PRIVATE_KEY = Pattern.compile(
            "-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS");

    private PemKeyStore() {}

    /** Reads the two files; the store's password (and the key's) is {@code password}. */
    static KeyStore load(Path certificateFile, Path keyFile, char[] password) throws IOException {
        List<? extends Certificate> chain = certificates(certificateFile);
        PrivateKey key = privateKey(keyFile);
        try {
            if (!signsFor(key, chain.get(0))) {
                throw new IOException(keyFile + " is not the private key of the certificate in " + certificateFile);
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, key, password, chain.toArray(Certificate[]::new));
            return store;
        } catch (GeneralSecurityException e) {
            throw new IOException(keyFile + " is not the private key of the certificate in " + certificateFile
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * Returns whether {@code key} is the certificate's: a signature it makes verifies with the certificate's public
     * key. (A key store takes any key beside any certificate; a mismatch would show only as failed handshakes.)
     */
    private static boolean signsFor(PrivateKey key, Certificate certificate) throws GeneralSecurityException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "RSASSA-PSS" -> null;
            default -> key.getAlgorithm(); // EdDSA keys name their signature: Ed25519, Ed448
        };
        if (algorithm == null) {
            return true;
        }
        String certified = certificate.getPublicKey().getAlgorithm();
        if (!certified.equals(key.getAlgorithm())
                && !(key.getAlgorithm().startsWith("Ed") && certified.startsWith("Ed"))) {
            return false;
        }
        byte[] challenge = "memdir".getBytes(StandardCharsets.US_ASCII);
        Signature signer = Signature.getInstance(algorithm);
        signer.initSign(key);
        signer.update(challenge);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance(algorithm);
        verifier.initVerify(certificate.getPublicKey());
        verifier.update(challenge);
        return verifier.verify(signature);
    }

    private static List<? extends Certificate> certificates(Path file) throws IOException {
        try (InputStream in = new ByteArrayInputStream(read(file))) {
            List<? extends Certificate> chain = List.copyOf(CertificateFactory.getInstance("X.509")
                    .generateCertificates(in));
            if (chain.isEmpty()) {
                throw new IOException(file + " holds no PEM certificate");
            }
            return chain;
        } catch (GeneralSecurityException e) {
            throw new IOException(file + " is not a PEM certificate: " + e.getMessage(), e);
        }
    }

    /** Reads a file; the error names it and says why in a few words. */
    private static byte[] read(Path file) throws IOException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IOException("cannot read " + file + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new IOException("cannot read " + file + ": permission denied", e);
        } catch (IOException e) {
            throw new IOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static PrivateKey privateKey(Path file) throws IOException {
        String text = new String(read(file), StandardCharsets.US_ASCII);
        Matcher pem = PRIVATE_KEY.matcher(text);
        if (!pem.find()) {
            throw new IOException(file + " holds no PKCS#8 private key (-----BEGIN PRIVATE KEY-----); convert one"
                    + " with 'openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8'");
        }
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(pem.group(1)));
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException notThisAlgorithm) {
                // the next one
            }
        }
        throw new IOException(file + " holds a private key of none of " + String.join(", ", KEY_ALGORITHMS));
    }
}
