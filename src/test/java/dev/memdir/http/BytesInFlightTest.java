package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BytesInFlightTest {

    private final BytesInFlight inFlight = new BytesInFlight(100, 250);

    @Test
    void aPrincipalOverItsShare_gets429_andOthersGoOn() {
        BytesInFlight.Reservation first = inFlight.open("mallory");
        assertThat(first.growTo(60)).isEmpty();
        BytesInFlight.Reservation second = inFlight.open("mallory");

        assertThat(second.growTo(41)).contains(new BytesInFlight.Refusal(429,
                "too many request bytes in flight from mallory; retry after 1 s"));
        assertThat(second.growTo(40)).isEmpty();
        assertThat(inFlight.open("alice").growTo(100)).isEmpty();
    }

    @Test
    void theServerOverItsCap_gets503() {
        assertThat(inFlight.open("a").growTo(100)).isEmpty();
        assertThat(inFlight.open("b").growTo(100)).isEmpty();

        assertThat(inFlight.open("c").growTo(51)).contains(new BytesInFlight.Refusal(503,
                "too many request bytes in flight; retry after 1 s"));
        assertThat(inFlight.open("c").growTo(50)).isEmpty();
    }

    @Test
    void closing_freesWhatWasHeld_once() {
        BytesInFlight.Reservation held = inFlight.open("mallory");
        assertThat(held.growTo(30)).isEmpty();
        assertThat(held.growTo(100)).isEmpty();
        assertThat(inFlight.open("mallory").growTo(1)).isNotEmpty();

        held.close();
        held.close();

        BytesInFlight.Reservation again = inFlight.open("mallory");
        assertThat(again.growTo(100)).isEmpty();
        assertThat(inFlight.open("mallory").growTo(1)).isNotEmpty();
    }

    @Test
    void aRefusedGrowth_keepsWhatWasHeld() {
        BytesInFlight.Reservation held = inFlight.open("mallory");
        assertThat(held.growTo(80)).isEmpty();
        assertThat(held.growTo(101)).isPresent();

        assertThat(inFlight.open("mallory").growTo(21)).isPresent();
        assertThat(inFlight.open("mallory").growTo(20)).isEmpty();
    }

    @Test
    void forHeap_isASixteenthOfTheHeapInAll_aQuarterOfThatEach_atLeastOneBodyEach() {
        BytesInFlight halfGig = BytesInFlight.forHeap(512L << 20, 4L << 20);
        assertThat(halfGig.perServer()).isEqualTo(32L << 20);
        assertThat(halfGig.perPrincipal()).isEqualTo(8L << 20);

        BytesInFlight small = BytesInFlight.forHeap(64L << 20, 4L << 20);
        assertThat(small.perServer()).isEqualTo(4L << 20);
        assertThat(small.perPrincipal()).isEqualTo(4L << 20);
        assertThat(small.open("a").growTo(4L << 20)).isEmpty();
    }
}
