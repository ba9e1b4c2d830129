package dev.memdir.auth.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

/** Keys of a test issuer and the tokens it signs with them. */
final class Tokens {

    private Tokens() {}

    static RSAKey rsa(String keyId) {
        try {
            return new RSAKeyGenerator(2048).keyID(keyId).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static ECKey ec(String keyId) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID(keyId).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Signs {@code claims} with {@code key} (RS256 or ES256 by its type), naming {@code keyId} and {@code type}. */
    static String sign(JWK key, String keyId, JOSEObjectType type, JWTClaimsSet claims) {
        try {
            boolean rsa = key instanceof RSAKey;
            JWSSigner signer = rsa ? new RSASSASigner((RSAKey) key) : new ECDSASigner((ECKey) key);
            JWSHeader header = new JWSHeader.Builder(rsa ? JWSAlgorithm.RS256 : JWSAlgorithm.ES256)
                    .keyID(keyId).type(type).build();
            SignedJWT jwt = new SignedJWT(header, claims);
            jwt.sign(signer);
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sign(JWK key, JWTClaimsSet claims) {
        return sign(key, key.getKeyID(), JOSEObjectType.JWT, claims);
    }

    /** Signs the JSON text {@code payload} as it is (RS256), for claims no claims builder writes, such as escapes. */
    static String signPayload(RSAKey key, String payload) {
        try {
            JWSObject jws = new JWSObject(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
                    .type(JOSEObjectType.JWT).build(), new Payload(payload));
            jws.sign(new RSASSASigner(key));
            return jws.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
