"""Semantic end of turn: what the words so far sound like, and the pause it earns."""

import pytest

from host.judge.model import AnswerFields
from host.speech.endpoint import EndpointPolicy, EndpointState, ListenOutcome, step
from host.speech.settings import SpeechSettings
from host.speech.turn_end import Tier, TurnEnd, closed_list_test
from host.table import understanding as und
from host.table.channels import Listening
from host.table.hearing import plan_for
from host.word_sounds import syllables

COMMANDS = tuple(und.vocabulary()["commands"])


def answer_plan(fields: AnswerFields, others: tuple[str, ...] = ()):
    """The plan for an answer to this card; `others`: the decks' answers of its kind."""
    phrases = (fields.answer, *fields.accept, *fields.prompt, *fields.reject)
    listening = Listening("answer", phrases, COMMANDS, also=others, card=fields)
    return plan_for(listening, SpeechSettings())


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        ("canberra", Tier.COMPLETE),
        ("it's canberra", Tier.COMPLETE),
        ("sydney", Tier.COMPLETE),  # a listed near miss is a whole answer too
        ("i don't know", Tier.COMPLETE),
        ("pass", Tier.COMPLETE),
        # a hesitation: the full silence, and if the player goes on, what
        # came before the pause is left out of the answer
        ("um", Tier.HESITATION),
        ("i think it's", Tier.HESITATION),
        ("", Tier.HESITATION),  # a breath, a cough: nothing written
        ("melbourne", Tier.HESITATION),  # one word the host does not know: maybe "um"
        ("come", Tier.HESITATION),  # "um" as Whisper writes it, though "come again" is a command
        ("no", Tier.HESITATION),  # likewise ("no idea")
        ("yes", Tier.COMPLETE),  # a reply, not "um": "pass" in noise, as Whisper wrote it
        ("um yes", Tier.WAITING),  # after a hesitation, a lone word waits as any other
        ("it's the", Tier.WAITING),  # an article: the answer goes on from there
        ("come again", Tier.COMPLETE),  # the command
        ("roll the", Tier.WAITING),  # the start of a command
        (None, Tier.WAITING),  # an engine that cannot tell before the end
        ("melbourne victoria", Tier.OPEN),  # words it does not know: they may be complete
        # a lead-in and one word it does not know: more often its article or
        # a filler misread than an answer, so the full silence
        ("it's there", Tier.WAITING),  # "it's the ..." drawn out, as Whisper writes it
        ("is it there", Tier.WAITING),
        ("i am", Tier.WAITING),  # "umm"
        ("it's melbourne", Tier.WAITING),  # (a place the host knows: see below)
        ("done canberra", Tier.COMPLETE),  # "um ... Canberra", the "um" misheard
        ("i think it canberra", Tier.COMPLETE),
        ("no sydney", Tier.COMPLETE),
        ("canberra or", Tier.WAITING),  # "... or sydney": a hedge, which is wrong
        ("the city on", Tier.WAITING),  # a preposition: "... the lake"
        ("canberra and", Tier.WAITING),
        # a command of one beat after words it misheard: flite kal's "hmm" in
        # noise; the answer may follow, so the middle pause, not the short one
        ("are you trying to help", Tier.OPEN),
        ("done pass", Tier.OPEN),
        ("um pass", Tier.COMPLETE),  # a filler, then a pass: whole
        ("done i don't know", Tier.COMPLETE),  # longer than a beat
    ],
)
def test_an_answer_about_a_city(partial, tier):
    plan = answer_plan(AnswerFields("Canberra", reject=("Sydney",), kind="place"))
    assert plan.turn_end.classify(partial) is tier


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        ("hmm melbourne", Tier.COMPLETE),  # another place the decks know
        ("it's melbourne", Tier.COMPLETE),
        ("um it's melbourne", Tier.COMPLETE),
        ("new south wales", Tier.COMPLETE),
        ("melbourne", Tier.COMPLETE),  # said alone too: no filler sounds like it
        # one word of one beat: Whisper writes a lone "uh" as "perth" or
        # "earth" before "... the Pacific Ocean"; wait for more
        ("perth", Tier.HESITATION),
        # and so after a filler left out: piper's "um ... er" in noise, "um earth"
        ("um perth", Tier.WAITING),
        ("and", Tier.HESITATION),  # Whisper's "um" (flite kal16), not a joiner: nothing before it
        ("hello", Tier.HESITATION),  # Whisper's "oh", though a song is called "Hello"
        ("hmmm", Tier.HESITATION),  # a filler drawn out, not the "thinking" command
        ("h-n-n", Tier.HESITATION),  # a hum as Whisper spells it
        ("h m", Tier.HESITATION),
        ("new south", Tier.WAITING),  # ends on a joiner: "new south wales" may come
        ("melbourne and", Tier.WAITING),
        ("wagga", Tier.HESITATION),  # one word no deck knows: more likely "um" misheard
        ("wagga wagga", Tier.OPEN),  # words no deck knows: they may be complete
    ],
)
def test_another_answer_from_the_decks_is_a_whole_answer(partial, tier):
    others = ("Melbourne", "Perth", "New South Wales", "Hello")
    plan = answer_plan(AnswerFields("Canberra", kind="place"), others)
    assert plan.turn_end.classify(partial) is tier


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        # "um ... Mars" on a Venus card: a wrong answer, but a whole one
        ("um mars", Tier.COMPLETE),
        ("and mars", Tier.COMPLETE),  # the "um" as Whisper writes it at an answer
        ("is it mars", Tier.COMPLETE),
        ("mars", Tier.HESITATION),  # alone it may still be a filler written as a word
        # what Whisper writes for a second filler, though a planet too: piper's "um ... er"
        ("um earth", Tier.WAITING),
        ("um spain", Tier.WAITING),  # the start of "Spain and Portugal": it may go on
        # "mars" drawn out, as Whisper wrote flite's "um ... Mars" in noise:
        # no answer, but it sounds, consonant for consonant, like one of one beat
        ("um maris", Tier.COMPLETE),
        ("is it maris", Tier.COMPLETE),
        ("maris", Tier.HESITATION),  # alone, as "mars" alone
        ("um mari", Tier.WAITING),  # fewer sounds: "Mare" is as like, and "Marie" more
        ("um marz", Tier.WAITING),  # one beat, not "mars" drawn out: a filler may be as like
        ("um spainy", Tier.WAITING),  # like the start of "Spain and Portugal"
        ("um bernie", Tier.WAITING),  # Bern drawn out, but as like "burn", Whisper's "er"
        ("is written", Tier.WAITING),  # like Radon, of two beats: "is it the" said alone
    ],
)
def test_after_a_hesitation_an_answer_of_one_beat_is_whole(partial, tier):
    others = ("Mars", "Mare", "Bern", "Earth", "Spain", "Spain and Portugal", "Mercury", "Radon")
    plan = answer_plan(AnswerFields("Venus", reject=("Mercury",), kind="place"), others)
    assert plan.turn_end.classify(partial) is tier


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        ("plate lips", Tier.COMPLETE),  # Platelets, another answer, heard as other words
        ("the chicago bill", Tier.COMPLETE),  # the card's Chicago Bulls
        ("it's plate lips", Tier.COMPLETE),
        # fillers said alone as Whisper wrote them: alike in a few sounds only
        ("current", Tier.HESITATION),  # one word: "Grant Wood" is two more sounds
        ("i'm hamlet meezy", Tier.OPEN),  # "hmm let me see": Hamlet is four sounds of six
        ("let me sing", Tier.OPEN),
        ("plate", Tier.HESITATION),  # one beat: too short to sound like anything
        ("chicago", Tier.WAITING),  # half the card's name: the rest may come
        # a filler is no part of the answer's sound: flite rms's "um ... er"
        # was "um bird", which run together sounds like Umberto Eco
        ("um bird", Tier.WAITING),
        ("um plate lips", Tier.COMPLETE),  # after it, the answer still sounds whole
    ],
)
def test_an_answer_heard_as_other_words_that_sound_like_it_is_whole(partial, tier):
    others = ("Platelets", "Grant Wood", "Hamlet", "Mao Zedong", "Umberto Eco")
    plan = answer_plan(AnswerFields("Chicago Bulls", kind="text"), others)
    assert plan.turn_end.classify(partial) is tier


@pytest.mark.parametrize(
    ("answer", "partial", "tier"),
    [
        # the card's answer is heard more loosely than a thousand others
        ("Nickel", "nickov", Tier.COMPLETE),
        ("Lead", "light", Tier.COMPLETE),
        ("Basel", "basor", Tier.COMPLETE),
        ("Gaul", "go", Tier.HESITATION),  # one sound of two: too little to go on
        ("Canberra", "sun", Tier.HESITATION),  # a filler, though "sydney" is listed
        ("Canberra", "come", Tier.HESITATION),
        ("Emu", "em", Tier.HESITATION),  # a player's "um": one beat of Emu's two
        ("Emu", "emu", Tier.COMPLETE),
    ],
)
def test_a_word_that_sounds_like_the_cards_answer_is_whole(answer, partial, tier):
    plan = answer_plan(AnswerFields(answer, reject=("Sydney",), kind="place"))
    assert plan.turn_end.classify(partial) is tier


@pytest.mark.parametrize(
    ("answer", "partial", "tier"),
    [
        # in noise Whisper mishears the answer's first sound: rms's "er ...
        # Buenos Aires" was "um way no series", hibari's "um the uno's airs"
        ("Buenos Aires", "um way no series", Tier.COMPLETE),  # WNSRS for BNSRS
        ("Buenos Aires", "um the uno's airs", Tier.COMPLETE),  # 0NSRS
        ("Buenos Aires", "um play no series", Tier.OPEN),  # two sounds off: PLNSRS
        ("Buenos Aires", "um hey john i am", Tier.OPEN),  # flite's "hmm" after "um"
        # a shorter key may not differ in its first sound: one in four is too
        # much ("no be dick" for Moby Dick, as fillers may be)
        ("Moby Dick", "um no be dick", Tier.OPEN),
    ],
)
def test_a_long_answer_misheard_in_its_first_sound_is_whole(answer, partial, tier):
    plan = answer_plan(AnswerFields(answer, kind="place"))
    assert plan.turn_end.classify(partial) is tier


@pytest.mark.parametrize(
    ("word", "beats"),
    [
        ("earth", 1),
        ("perth", 1),
        ("lane", 1),
        ("come", 1),
        ("thomas", 2),
        ("melbourne", 2),
        ("olympia", 3),
        ("hmm", 0),
    ],
)
def test_a_word_is_counted_in_beats(word, beats):
    assert syllables(word) == beats


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        ("leonardo", Tier.WAITING),  # half the name the card expects: kept
        ("new", Tier.WAITING),  # a joiner may start a name
        ("leonardo da", Tier.WAITING),
        ("it's leonardo da", Tier.WAITING),
        ("leonardo da vinci", Tier.COMPLETE),
        # a surname alone is whole: the judge asks for the rest ("Marie ...
        # Curie", the first name misheard and left out, waited the full silence)
        ("da vinci", Tier.COMPLETE),
        ("um da vinci", Tier.COMPLETE),
    ],
)
def test_half_a_name_waits(partial, tier):
    plan = answer_plan(AnswerFields("Leonardo da Vinci", kind="person"))
    assert plan.turn_end.classify(partial) is tier


def test_a_lead_in_and_a_misread_word_is_whole_when_a_lower_reading_is_the_answer():
    plan = answer_plan(AnswerFields("Thorium", kind="text"))
    assert plan.turn_end.classify("it's sorryum") is Tier.WAITING
    assert plan.turn_end.classify("it's sorryum", others=("it's thorium",)) is Tier.COMPLETE


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        ("false", Tier.COMPLETE),
        ("no way", Tier.COMPLETE),  # no form on the card, but a whole True/False answer
        ("i don't think so", Tier.COMPLETE),
        ("that's not true", Tier.COMPLETE),
        ("true or false", Tier.COMPLETE),  # a hedge: whole, and wrong
        ("true or", Tier.WAITING),
        ("i think", Tier.HESITATION),
        # neither true nor false: maybe "um" (written "turn", "term", "done"), wait
        ("force", Tier.HESITATION),
        ("turn", Tier.HESITATION),
        ("i think it's", Tier.HESITATION),
        # longer than one beat and sounding like just one value: a whole
        # answer (the ruling asks "Did you say True?")
        ("truly", Tier.COMPLETE),
        ("tree of", Tier.WAITING),  # ends on a joiner: more may come
    ],
)
def test_a_true_false_card_ends_on_any_way_of_saying_true_or_false(partial, tier):
    plan = answer_plan(AnswerFields("False", kind="true_false"))
    assert plan.turn_end.classify(partial) is tier


def test_without_its_card_a_listening_reads_its_phrases_as_the_card():
    plan = plan_for(Listening("answer", ("Canberra", "Sydney"), COMMANDS), SpeechSettings())
    assert plan.turn_end.classify("sydney") is Tier.COMPLETE
    assert plan.turn_end.classify("no way") is Tier.OPEN  # two words it does not know


def test_a_closed_list_is_complete_only_on_a_whole_phrase():
    turn_end = TurnEnd(
        closed_list_test(["roll the dice", "repeat the question"]), ("roll the dice",)
    )
    assert turn_end.classify("roll the dice") is Tier.COMPLETE
    assert turn_end.classify("um roll the dice") is Tier.COMPLETE
    assert turn_end.classify("roll the") is Tier.WAITING
    assert turn_end.classify("roll") is Tier.WAITING  # the first word of a phrase


@pytest.mark.parametrize(
    "kind, after_a_whole_phrase",
    [
        ("answer", 0.3),  # "hmm ... Melbourne": the answer may follow a pause
        ("choice", 0.1),  # "roll the dice" said alone needs no more
        ("yes_no", 0.1),
        ("names", 0.3),  # "Ann, ... Ben": a list of names goes on after a comma
    ],
)
def test_a_whole_command_ends_sooner_than_an_answer_or_a_list_of_names(kind, after_a_whole_phrase):
    listening = Listening(kind, ("Canberra",) if kind == "answer" else ("Ann", "Ben"), COMMANDS)
    policy = plan_for(listening, SpeechSettings()).policy
    assert policy.silence_for(Tier.COMPLETE) == after_a_whole_phrase


@pytest.mark.parametrize(
    ("partial", "tier", "silence"),
    [
        ("yes", Tier.FINAL, 0.1),  # "yes please" would say no more
        # a filler, and a reply: it had waited the two seconds of a hesitation
        ("yeah", Tier.FINAL, 0.1),
        # "um ... yes": cut off at the command's half second, the "um" was
        # read as "no" (or as nothing) and the player's yes came too late
        ("um", Tier.HESITATION, 2.0),
        ("hmm", Tier.HESITATION, 2.0),
        (None, Tier.WAITING, 0.5),  # nothing heard at all: no telling
    ],
)
def test_did_you_say_waits_for_a_player_thinking_before_the_reply(partial, tier, silence):
    settings = SpeechSettings()
    plan = plan_for(Listening("yes_no", ("yes", "no"), COMMANDS), settings)
    assert plan.turn_end.classify(partial) is tier
    assert plan.policy.silence_for(tier) == silence
    assert {"um", "hmm"} <= set(plan.expectation.phrases)  # the grammar hears them as fillers


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        # commands made of words that start an answer or fill a pause there:
        # said alone at a prompt they are the command, not a player thinking
        ("what", Tier.OPEN),  # the question again, or "what ... do i need": half a second
        ("go", Tier.OPEN),  # roll, or "go for it"
        ("where should i go", Tier.FINAL),  # advice
        ("what was it", Tier.FINAL),  # the last answer
        ("where am i", Tier.FINAL),  # as ever: "am" starts no answer
        ("um", Tier.HESITATION),
        ("i think", Tier.HESITATION),
        ("it was", Tier.HESITATION),  # of "it was a four", the table's die
    ],
)
def test_a_command_of_filler_words_is_a_command_at_a_prompt(partial, tier):
    plan = plan_for(Listening("choice", ("roll", "one", "three"), COMMANDS), SpeechSettings())
    assert plan.turn_end.classify(partial) is tier
    assert plan.policy.silence_for(tier) == {Tier.HESITATION: 2.0, Tier.OPEN: 0.5}.get(tier, 0.1)


@pytest.mark.parametrize(
    ("partial", "tier", "silence"),
    [
        ("ann", Tier.COMPLETE, 0.3),  # "Ann, ... Ben": the list may go on
        ("ann and", Tier.WAITING, 0.5),
        ("ben and ann", Tier.FINAL, 0.1),  # both players: nothing can follow
        ("steal ann", Tier.COMPLETE, 0.3),  # "steal ann and ben" may follow
        # "nobody steals", "no steal" would say nothing more
        ("nobody", Tier.FINAL, 0.1),
        ("no", Tier.FINAL, 0.1),
        ("um nobody", Tier.FINAL, 0.1),
        ("steal", Tier.COMPLETE, 0.3),  # "steal for ann" names who
    ],
)
def test_a_list_of_names_ends_at_once_when_nothing_can_follow(partial, tier, silence):
    plan = plan_for(Listening("names", ("Ann", "Ben"), COMMANDS), SpeechSettings())
    assert plan.turn_end.classify(partial) is tier
    assert plan.policy.silence_for(tier) == silence


@pytest.mark.parametrize(
    ("partial", "tier"),
    [
        ("steal ann", Tier.FINAL),  # Ben answered: nobody else may steal with Ann
        ("ann", Tier.COMPLETE),  # "ann steals" may follow
        ("steal", Tier.COMPLETE),  # "steal ann" may follow
        ("ben", Tier.FINAL),  # named all the same ("Ben can't steal")
    ],
)
def test_a_list_of_names_goes_on_only_to_those_who_may_steal(partial, tier):
    listening = Listening("names", ("Ann", "Ben"), COMMANDS, also=("Ann",))
    plan = plan_for(listening, SpeechSettings())
    assert plan.turn_end.classify(partial) is tier
    assert "steal ben" in plan.expectation.phrases  # heard, to be told he may not


@pytest.mark.parametrize(
    ("partial", "tier", "silence"),
    [
        # "Art, ... two spaces clockwise, then one towards the hub": it was
        # cut off at the comma, asked again, and cut off again, until the
        # host gave up and took the first choice
        ("art", Tier.OPEN, 0.5),
        ("art two spaces clockwise", Tier.OPEN, 0.5),
        ("art three spaces clockwise", Tier.FINAL, 0.1),
        ("art two spaces clockwise then one towards the hub", Tier.FINAL, 0.1),
        ("roll again", Tier.FINAL, 0.1),  # a choice read out alone ends at once
    ],
)
def test_a_choice_read_out_with_commas_is_not_cut_off_at_them(partial, tier, silence):
    labels = (
        "Art, three spaces clockwise",
        "Art, two spaces clockwise, then one towards the hub",
        "Roll again",
    )
    listening = Listening("choice", labels, COMMANDS, also=("Art", "Art", "Roll again"))
    plan = plan_for(listening, SpeechSettings())
    assert plan.turn_end.classify(partial) is tier
    assert plan.policy.silence_for(tier) == silence


def test_an_answer_is_never_final_a_place_may_follow_a_city():
    plan = answer_plan(AnswerFields("Canberra", kind="place"))
    assert plan.turn_end.classify("canberra") is Tier.COMPLETE


def run(policy, pattern, tiers):
    """'S' speech and '.' silence frames of 0.1 s; `tiers` answer each classification."""
    asked = []

    def classify():
        asked.append(round(state.elapsed, 6))
        return tiers.pop(0)

    state = EndpointState()
    for symbol in pattern:
        state = step(policy, state, symbol == "S", 0.1, classify)
    return state, asked


POLICY = EndpointPolicy.answer(end_silence=2.0).with_early_end(0.3, 1.2)


def test_a_final_phrase_is_classified_and_ends_at_the_shortest_pause():
    names = EndpointPolicy.command(0.5).with_early_end(0.3, 0.5, final_silence=0.1)
    state, asked = run(names, "SSSS" + "." * 10, [Tier.FINAL])
    assert state.outcome is ListenOutcome.ENDED
    assert round(state.elapsed, 6) == 0.5  # 0.4 of speech + 0.1 of silence
    assert len(asked) == 1
    state, asked = run(names, "SSSS" + "." * 10, [Tier.COMPLETE])
    assert round(state.elapsed, 6) == 0.7  # asked at 0.1, ended at 0.3 of silence


def test_a_complete_answer_ends_after_a_short_pause():
    state, asked = run(POLICY, "SSSS" + "." * 30, [Tier.COMPLETE])
    assert state.outcome is ListenOutcome.ENDED
    assert round(state.elapsed, 6) == 0.7  # 0.4 of speech + 0.3 of silence
    assert len(asked) == 1


def test_an_open_answer_waits_longer_and_an_unfinished_one_the_full_silence():
    assert round(run(POLICY, "SSSS" + "." * 30, [Tier.OPEN])[0].elapsed, 6) == 1.6
    assert round(run(POLICY, "SSSS" + "." * 30, [Tier.WAITING])[0].elapsed, 6) == 2.4


def test_words_the_host_cannot_place_wait_out_the_longest_thinking_pause():
    # flite kal's "hmm" written "hey john i am" (open), 1.6 s of thought, "Canberra"
    plan = answer_plan(AnswerFields("Canberra", kind="place"))
    assert plan.turn_end.classify("hey john i am") is Tier.OPEN
    pattern = "SSS" + "." * 16 + "SSSS" + "." * 30
    state, asked = run(plan.policy, pattern, [Tier.OPEN, Tier.COMPLETE])
    assert state.outcome is ListenOutcome.ENDED and len(asked) == 2
    assert round(state.speech_ended_at, 6) == 2.3  # the answer was heard to its end


def test_each_pause_is_judged_once_on_its_own_words():
    pattern = "SSS" + "." * 12 + "SSS" + "." * 30  # "leonardo ... da vinci"
    state, asked = run(POLICY, pattern, [Tier.WAITING, Tier.COMPLETE])
    assert state.outcome is ListenOutcome.ENDED
    assert round(state.speech_ended_at, 6) == 1.8
    assert len(asked) == 2


def test_the_configured_silence_stays_the_upper_bound():
    policy = EndpointPolicy.command(end_silence=0.2).with_early_end(0.3, 0.5)
    state, asked = run(policy, "SSSS" + "." * 10, [])
    assert round(state.elapsed, 6) == 0.6 and asked == []


def test_the_time_limit_still_applies():
    policy = EndpointPolicy.answer(end_silence=2.0, time_limit=1.0).with_early_end(0.3, 1.2)
    state, _ = run(policy, "SSSS" + "." * 30, [Tier.WAITING])
    assert state.outcome is ListenOutcome.TIME_UP


def test_the_grammar_pass_knows_half_a_name_the_free_pass_misspelt():
    plan = answer_plan(AnswerFields("George Washington", kind="person"))
    assert plan.turn_end.classify("charged tin", guess="george") is Tier.WAITING
    assert plan.turn_end.classify("charged tin", guess="") is Tier.OPEN


def test_a_whole_name_with_its_last_word_misread_is_no_half_name():
    # flite slt's "Johan Cruyff", read "johan cruz" (lower down "johan
    # cruyff"), the grammar's path "johan": the turn waited the full 2 s
    plan = answer_plan(AnswerFields("Johan Cruyff", accept=("Cruyff",), kind="person"))
    turn_end = plan.turn_end
    assert turn_end.classify("johan cruz", "johan", ("johan cruyff",)) is Tier.COMPLETE
    assert turn_end.classify("johan cruz", guess="johan") is Tier.COMPLETE  # sounds like it
    assert turn_end.classify("johan smith", guess="johan") is Tier.OPEN  # another name
    # the player paused inside the name: half of it still waits
    plan = answer_plan(AnswerFields("George Washington", kind="person"))
    assert plan.turn_end.classify("george w", guess="george") is Tier.WAITING
    assert plan.turn_end.classify("george", guess="george") is Tier.WAITING


def test_a_lead_in_and_a_word_that_sound_like_another_answer_in_the_decks_wait():
    """espeak-ng's "it's the ... Beatles", with people talking at the table,
    was "it's dirty" at the pause: run together, "it's dirty" sounds like
    Iditarod, an answer in the decks, and the turn ended before "...
    Beatles". The decks hold so many answers that a lead-in and a word sound
    like one of them; with its lead-in, a reading is whole by its sound only
    as an entry on the card ("when ble": Wembley, below)."""
    beatles = AnswerFields("The Beatles", kind="title")
    turn = answer_plan(beatles, ("Iditarod", "Dirty Dancing", "Platelets")).turn_end
    assert turn.classify("it's dirty") is Tier.WAITING
    assert turn.classify("it's iditarod") is Tier.COMPLETE  # the answer itself, said
    assert turn.classify("it's plate lips") is Tier.COMPLETE  # sounds like one, lead-in aside
    assert turn.classify("it's the beetles") is Tier.COMPLETE  # like the card's


def test_a_guess_that_is_a_whole_answer_and_sounds_like_the_words_ends_the_turn():
    # the card's answer is Wembley, "Wembley Stadium" accepted too
    plan = answer_plan(AnswerFields("Wembley", accept=("Wembley Stadium",), kind="place"))
    assert plan.turn_end.classify("when ble", guess="wembley") is Tier.COMPLETE
    # words that do not sound like the guess still wait for the rest of it
    assert plan.turn_end.classify("window", guess="wembley") is Tier.WAITING
    # half a name guessed: the guess is no whole answer, so wait
    plan = answer_plan(AnswerFields("George Washington", kind="person"))
    assert plan.turn_end.classify("charge", guess="george") is Tier.WAITING


def test_the_first_words_of_the_cards_name_wait_though_the_judge_would_take_them():
    """ "Jurassic ... Park": the judge takes "jurassic" alone (a place's or
    title's generic last word may be left out), but the player is going on.
    "Galileo", which the card accepts alone, is whole."""
    jurassic = answer_plan(AnswerFields("Jurassic Park", kind="title")).turn_end
    assert jurassic.classify("jurassic") is Tier.WAITING
    assert jurassic.classify("it's jurassic") is Tier.WAITING
    assert jurassic.classify("jurassic park") is Tier.COMPLETE
    galileo = AnswerFields("Galileo Galilei", accept=("Galileo",), kind="person")
    assert answer_plan(galileo).turn_end.classify("galileo") is Tier.COMPLETE
    assert answer_plan(galileo).turn_end.classify("galilee", "galileo") is Tier.COMPLETE


def test_another_answer_in_the_decks_where_the_cards_grammar_heard_a_name_begun_waits():
    """piper's "Marco ... Polo" was "mario", a person in the decks, where
    the card's grammar heard "marco"; the turn had ended before "... Polo"."""
    turn_end = answer_plan(AnswerFields("Marco Polo", kind="person"), ("Mario",)).turn_end
    assert turn_end.classify("mario", "marco") is Tier.WAITING
    assert turn_end.classify("mario") is Tier.COMPLETE  # nothing heard a name begun


def test_a_command_written_where_the_cards_grammar_heard_a_name_begun_waits():
    """flite slt's "Wolfgang ... Amadeus" in noise was "will again" ("again":
    say it again), the card's grammar's path "wolfgang": the turn ended
    before "... Amadeus Mozart"."""
    plan = answer_plan(AnswerFields("Wolfgang Amadeus Mozart", kind="person"))
    turn_end = plan.turn_end
    assert turn_end.classify("will again", guess="wolfgang") is Tier.WAITING
    assert turn_end.classify("um we'll again", "wolfgang", ("um well again",)) is Tier.WAITING
    assert turn_end.classify("will again") is Tier.COMPLETE  # no name begun: the command
    assert turn_end.classify("say that again", guess="") is Tier.COMPLETE


def test_a_first_name_written_as_fillers_is_kept_when_the_cards_grammar_heard_it():
    """piper's "Isaac ..." in noise, written "i say": a hesitation would be
    left out, and "... Newton" alone ruled only the surname."""
    plan = answer_plan(AnswerFields("Isaac Newton", kind="person"))
    assert plan.turn_end.classify("i say", guess="isaac") is Tier.WAITING
    assert plan.turn_end.classify("i say") is Tier.HESITATION  # no guess: a filler
    assert plan.turn_end.classify("um", guess="isaac") is Tier.HESITATION  # nothing like it


@pytest.mark.parametrize(
    ("partial", "others", "tier"),
    [
        # flite's "Lizard" written "l", Whisper's second reading "lizard"
        ("l", ("lizard",), Tier.COMPLETE),
        ("d-d-d-d-d-", ("lizard", "d"), Tier.COMPLETE),
        # unfinished words wait whatever the other readings: the player may go on
        ("it's the", ("it's the lizard",), Tier.WAITING),
        ("lizard or", ("lizard",), Tier.WAITING),
        ("l", ("salamander",), Tier.HESITATION),  # another reading, no answer either
        # a filler's other readings: a filler, or only the end of one an
        # answer ("hey china" for "hmm": China is a place, no card form)
        ("ah", ("uh", "u"), Tier.HESITATION),
        ("hey channel", ("hey china",), Tier.OPEN),
        ("hmm", ("let me", "and"), Tier.HESITATION),
        # nor a pass or command lower down: flite rms's "uh", read also "i don't know"
        ("earth", ("i don't have", "i don't know"), Tier.HESITATION),
        ("uh", ("repeat the question",), Tier.HESITATION),
    ],
)
def test_another_reading_that_is_a_whole_answer_ends_the_turn(partial, others, tier):
    plan = answer_plan(AnswerFields("Lizard", kind="text"), others=("China", "Chile"))
    assert plan.turn_end.classify(partial, others=others) is tier


def test_a_lone_word_read_lower_down_as_another_answer_in_the_decks_is_a_hesitation():
    """Piper's "erm ... Mercury" in noise on a Mercury card of the place
    kind: the "erm" was "current", read also "huron" (a place in the decks),
    and the turn ended before the answer. The card's own answer lower down
    still ends it, and so does another answer after more than one word."""
    plan = answer_plan(AnswerFields("Mercury", kind="place"), others=("Huron", "Chile"))
    assert plan.turn_end.classify("current", others=("huron",)) is Tier.HESITATION
    assert plan.turn_end.classify("current", others=("mercury",)) is Tier.COMPLETE
    assert plan.turn_end.classify("lake your run", others=("huron",)) is Tier.COMPLETE


def test_a_lead_in_and_a_word_read_lower_down_as_another_answer_in_the_decks_waits():
    """espeak-ng's "um ... it's the" in noise on a Lizard card: "it's the"
    was "it's not", read also "it's murder" (a crow card's answer), and the
    turn ended before the player went on. The card's own answer lower down
    still ends it, and another answer in the decks after more words."""
    plan = answer_plan(AnswerFields("Lizard", kind="text"), others=("Murder", "Chile"))
    assert plan.turn_end.classify("um it's not", others=("um it's murder",)) is Tier.WAITING
    assert plan.turn_end.classify("is it earth", others=("is it murder",)) is Tier.WAITING
    assert plan.turn_end.classify("um it's not", others=("um it's lizard",)) is Tier.COMPLETE
    assert plan.turn_end.classify("it's a nerd", others=("it's a murder",)) is Tier.COMPLETE


def test_another_answer_in_the_decks_after_words_misheard_is_not_whole():
    """Flite kal's "hmm ... Saturn" in noise on a Saturn card of the place
    kind: the "hmm" was "hey china", China a place in the decks, and the turn
    ended before the answer. The card's own answer so is whole, as before."""
    plan = answer_plan(AnswerFields("Saturn", kind="place"), others=("China", "Chile"))
    assert plan.turn_end.classify("hey china") is Tier.OPEN
    assert plan.turn_end.classify("done saturn") is Tier.COMPLETE
    assert plan.turn_end.classify("um china") is Tier.COMPLETE  # a filler, then another answer
    assert plan.turn_end.classify("done i don't know") is Tier.COMPLETE


def test_a_lone_word_read_lower_down_as_the_first_name_waits_with_its_words_kept():
    """Flite slt's "Pablo ... Picasso": "pando", read also "pablo pando". As
    a hesitation it was left out, and "... Picasso" was a surname alone."""
    plan = answer_plan(AnswerFields("Pablo Picasso", kind="person"))
    assert plan.turn_end.classify("pando", others=("pandolo", "pablo pando")) is Tier.WAITING
    assert plan.turn_end.classify("pando", others=("pandolo",)) is Tier.HESITATION
    # a word of one beat is as often a filler Whisper wrote as a word
    assert plan.turn_end.classify("come", others=("pablo",)) is Tier.HESITATION


def test_at_a_closed_list_a_lone_word_stays_a_hesitation_whatever_lies_lower():
    """There a hesitation waits longer than half a phrase ("um ... yes": the
    answer's silence, not the command's)."""
    listening = Listening("choice", ("Roll the dice", "Repeat the question"), COMMANDS)
    plan = plan_for(listening, SpeechSettings())
    assert plan.turn_end.classify("rolo", others=("roll the",)) is Tier.HESITATION


def test_a_lone_word_that_only_sounds_like_another_answer_is_a_hesitation():
    """Piper's "erm ... Mercury" in noise: the "erm" was "current", which
    sounds like Granite, an answer in the decks, and the turn ended before
    the answer. The card's own answer heard so still ends it."""
    plan = answer_plan(AnswerFields("Mercury", kind="text"), others=("Granite",))
    assert plan.turn_end.classify("current") is Tier.HESITATION
    assert plan.turn_end.classify("gran night") is Tier.COMPLETE  # more words than one
    assert plan.turn_end.classify("mercurey") is Tier.COMPLETE


def test_another_reading_of_one_beat_does_not_end_the_turn():
    """Fillers said alone: "oh" read also "no" on a True/False card."""
    plan = answer_plan(AnswerFields("True", kind="true_false"))
    assert plan.turn_end.classify("oh", others=("no",)) is Tier.HESITATION
    assert plan.turn_end.classify("oh", others=("not true",)) is Tier.COMPLETE


@pytest.mark.parametrize(
    "card,partial,others,tier",
    [
        ("Emu", "emu", ("mm", "e"), Tier.OPEN),  # flite slt's "er", the card made "emu"
        ("Ohm", "ohm", ("oh",), Tier.OPEN),
        ("Emu", "emu", ("emus", "a moo"), Tier.COMPLETE),  # no filler among the readings
        ("Emu", "it's an emu", (), Tier.COMPLETE),
        # piper's "umm", read "i'm" first: a filler twice over, the card lower down
        ("Emu", "i'm", ("em", "emu"), Tier.HESITATION),
        ("Emu", "i'm", ("emu",), Tier.COMPLETE),  # read so, it may be the answer
        ("Emu", "emu", ("i'm",), Tier.OPEN),  # "um" as Whisper writes it
        # espeak-ng's and piper's "um ... um": after a hesitation, a filler
        # read lower down as the card's answer that sounds like one
        ("Emu", "um umm", ("um emu",), Tier.HESITATION),
        ("Emu", "um okay", ("um i can't get", "um emu"), Tier.HESITATION),  # flite slt's "er"
        ("Emu", "um emu", (), Tier.COMPLETE),  # read so first, it is the answer
        ("Saturn", "h n", ("h-n-n saturn",), Tier.COMPLETE),  # flite kal's "hmm ... Saturn"
        # lead-ins Whisper wrote for words, not a hum: flite's "I think it's
        # ... Diamond" and "It's the ... Beatles" in noise
        ("Diamond", "um diamond", ("um i will",), Tier.COMPLETE),
        ("Beatles", "um beatles", ("um it was", "um he knows"), Tier.COMPLETE),
        ("Beethoven", "oh beethoven", ("oh be go then",), Tier.COMPLETE),
        # flite rms's "it's the ... Nile": the lower readings stop before the
        # answer, and say nothing of what it sounded like
        ("Nile", "it's a nile", ("it's a", "it's"), Tier.COMPLETE),
        ("Nile", "it's a nile", ("it's a", "oh"), Tier.OPEN),
    ],
)
def test_an_answer_read_also_as_a_filler_waits_the_middle_pause(card, partial, others, tier):
    """The card is Whisper's prompt: a player's "um" may come out as the
    card's answer, the filler lower down."""
    plan = answer_plan(AnswerFields(card, kind="text"))
    assert plan.turn_end.classify(partial, others=others) is tier


def test_a_hum_that_sounds_like_the_answer_waits_when_read_also_as_fillers_and_and():
    # flite kal's "hmm" in noise on a David Hume card: "h on m" sounds like
    # Hume; read also "h and m", a hum with "and" in it
    plan = answer_plan(AnswerFields("David Hume", accept=("Hume",), kind="person"))
    assert plan.turn_end.classify("h on m") is Tier.COMPLETE
    assert plan.turn_end.classify("h on m", others=("h and m",)) is Tier.OPEN


def test_half_a_name_waits_though_another_reading_is_the_whole_name():
    """Whisper's prompt names the card: a lower reading of the first words
    may be the whole name ("george w", read also "george w bush")."""
    plan = answer_plan(AnswerFields("George W. Bush", kind="person"))
    assert plan.turn_end.classify("george w", others=("george w bush",)) is Tier.WAITING


def test_a_name_ending_on_a_joiner_is_whole_when_respelt_as_the_answer_word_for_word():
    """hibari's "Alexander the ... Great" in noise: "great" is a word names go
    on from ("great britain"), but the lower reading is the whole answer with
    the same last word; the middle word was misheard."""
    plan = answer_plan(AnswerFields("Alexander the Great", kind="person"))
    turn = plan.turn_end
    assert turn.classify("alexander them great") is Tier.WAITING
    assert turn.classify("alexander them great", others=("alexander the great",)) is Tier.COMPLETE
    # the lower reading ends elsewhere, or says more: the player may go on
    at_the_pause = turn.classify("alexander them", "alexander the", others=("alexander the",))
    assert at_the_pause is Tier.WAITING
    assert turn.classify("alexander the", others=("alexander the great",)) is Tier.WAITING


def test_words_waiting_on_their_last_word_are_whole_when_read_below_as_the_card():
    """flite kal's "oh, a ... penguin": the words after the hesitation were
    "the plane will" ("will" goes on), read also "the penguin", the card."""
    turn = answer_plan(AnswerFields("Penguin", kind="text")).turn_end
    assert turn.classify("um the plane will") is Tier.WAITING
    assert turn.classify("um the plane will", others=("um the penguin",)) is Tier.COMPLETE
    # a reading, whole by the card, in more words than were heard: the
    # prompt lending lower readings what the player has not said
    assert turn.classify("the plane will", others=("oh it is a penguin",)) is Tier.WAITING
    assert turn.classify("the plane will", others=("oh a penguin",)) is Tier.COMPLETE


def test_half_a_name_or_a_lead_in_waits_though_read_below_as_the_card():
    """Paused inside the name, or after "it's the": Whisper's prompt names the
    card, and its lower readings may finish what the player has not said."""
    gogh = answer_plan(AnswerFields("Vincent van Gogh", kind="person")).turn_end
    assert gogh.classify("vincent van el", others=("vincent van gogh",)) is Tier.WAITING
    nile = answer_plan(AnswerFields("Nile", kind="place")).turn_end
    assert nile.classify("it's the", others=("the nile",)) is Tier.WAITING


def test_words_the_rulings_wider_window_reads_as_the_card_in_as_many_words_are_whole():
    """flite awb's "Sherlock ... Holmes": "sherlock guns" in the end of turn's
    window, "sherlock holmes" in the ruling's (its wider window of silence),
    which is asked only of words that would otherwise wait."""
    holmes = answer_plan(AnswerFields("Sherlock Holmes", kind="person")).turn_end
    asked: list[str] = []

    def ruling() -> tuple[str, ...]:
        asked.append("ruling")
        return ("sherlock holmes", "sherlock donz")

    assert holmes.classify("sherlock guns") is Tier.OPEN
    assert holmes.classify("sherlock guns", wider=ruling) is Tier.COMPLETE
    assert holmes.classify("sherlock holmes", wider=ruling) is Tier.COMPLETE
    assert asked == ["ruling"]  # not asked of words already whole
    # piper's "Alexander the ... Great": the words before the last heard otherwise
    great = answer_plan(AnswerFields("Alexander the Great", kind="person")).turn_end
    assert great.classify("alexander them great") is Tier.WAITING
    wider = ("alexander the great",)
    assert great.classify("alexander them great", wider=lambda: wider) is Tier.COMPLETE


def test_a_word_after_it_s_the_that_the_rulings_wider_window_reads_as_the_card_is_whole():
    """espeak-ng's "it's the ... Nile": "it's the dial" in the end of turn's
    window, "it's the nile" in the ruling's; it waited the middle pause."""
    nile = answer_plan(AnswerFields("Nile", kind="place")).turn_end
    assert nile.classify("it's the dial") is Tier.OPEN
    assert nile.classify("it's the dial", wider=lambda: ("it's the nile",)) is Tier.COMPLETE


def test_words_the_rulings_wider_window_reads_as_the_card_in_fewer_words_are_whole():
    """flite's "Mount ... Fuji": "mount to june" in the end of turn's window,
    "mount fuji" in the ruling's; it waited the full silence, the words
    starting as the card's answer does."""
    fuji = answer_plan(AnswerFields("Mount Fuji", kind="place")).turn_end
    assert fuji.classify("mount to june", guess="mount") is Tier.WAITING
    wider = ("mount fuji", "mount")
    assert fuji.classify("mount to june", guess="mount", wider=lambda: wider) is Tier.COMPLETE
    # in as many words, or in more beats: the card, as the prompt, said more than the player
    assert fuji.classify("mount foo", guess="mount", wider=lambda: wider) is Tier.WAITING
    kilimanjaro = answer_plan(AnswerFields("Mount Kilimanjaro", kind="place")).turn_end
    longer = ("mount kilimanjaro",)
    assert kilimanjaro.classify("mount kill a man", guess="mount", wider=lambda: longer) is (
        Tier.WAITING
    )
    # another first word, or words a turn goes on from
    assert fuji.classify("mountain to june", wider=lambda: wider) is Tier.OPEN
    assert fuji.classify("mount to the", guess="mount", wider=lambda: wider) is Tier.WAITING
    # an entry of the card only, not another answer in the decks
    everest = answer_plan(AnswerFields("Mount Everest", kind="place"), ("Mount Fuji",)).turn_end
    assert everest.classify("mount to june", wider=lambda: wider) is Tier.OPEN


def test_words_the_rulings_wider_window_reads_as_sounding_like_an_answer_are_whole():
    """flite's "Platelets" said on a French card (a wrong answer from the
    decks) was "plate webs" at the pause, "plate lips" in the ruling's wider
    window: words that sound like an answer, so the turn ends, where it
    waited the middle pause (1.8 s in the turnaround game)."""
    french = answer_plan(AnswerFields("French", accept=("France",)), ("Platelets", "Hamlet"))
    turn = french.turn_end
    assert turn.classify("plate webs") is Tier.OPEN
    assert turn.classify("plate webs", wider=lambda: ("plate lips", "playlists")) is Tier.COMPLETE
    # a wider reading that sounds like no answer, or says more, still waits
    assert turn.classify("plate webs", wider=lambda: ("plate wins",)) is Tier.OPEN
    assert turn.classify("plate webs", wider=lambda: ("plate lips and",)) is Tier.OPEN


def test_open_words_whisper_unled_may_read_as_the_card_answer_are_whole():
    """flite slt's "is it ... Tokyo" in noise was "don't heal", and waited the
    middle pause; Whisper, not led by the card, finds "Tokyo" a likely
    reading of those sounds. The recognizer is asked of the card's right
    answers only, and only of words still open."""
    tokyo = answer_plan(AnswerFields("Tokyo", accept=("Tokio",), kind="place")).turn_end
    asked: list[tuple[str, ...]] = []

    def likely(phrases) -> bool:
        asked.append(tuple(phrases))
        return True

    assert tokyo.classify("don't heal") is Tier.OPEN
    assert tokyo.classify("don't heal", likely=likely) is Tier.COMPLETE
    assert tokyo.classify("don't heal", likely=lambda phrases: False) is Tier.OPEN
    assert tokyo.classify("tokyo", likely=likely) is Tier.COMPLETE  # whole already
    assert tokyo.classify("it's the", likely=likely) is Tier.WAITING  # goes on
    assert tokyo.classify("um", likely=likely) is Tier.HESITATION
    assert asked == [("Tokyo", "Tokio")]


def test_a_wrong_answer_the_card_names_is_weighed_with_the_right_ones():
    """flite's "uh ... Sydney", from a microphone across the table, was "um
    said you" on a Canberra card that names Sydney as a wrong answer, and
    waited the middle pause (1.8 s) before it was ruled wrong. A listed
    entry is a whole answer too, so Whisper, not led by the card, is asked
    of it with the right answers, for open words and for one word after a
    hesitation alike."""
    canberra = AnswerFields("Canberra", reject=("Sydney",), kind="place")
    turn = answer_plan(canberra).turn_end
    asked: list[tuple[str, ...]] = []

    def sydney(phrases) -> bool:
        asked.append(tuple(phrases))
        return "Sydney" in phrases

    assert turn.classify("um said you") is Tier.OPEN
    assert turn.classify("um said you", likely=sydney) is Tier.COMPLETE
    assert turn.classify("um sitting") is Tier.WAITING
    assert turn.classify("um sitting", sure=sydney) is Tier.COMPLETE
    assert asked == [("Canberra", "Sydney")] * 2
    # a half name the card asks more of is weighed too: "Shakespeare" alone
    shakespeare = AnswerFields("William Shakespeare", prompt=("Shakespeare",), kind="person")
    asked.clear()
    answer_plan(shakespeare).turn_end.classify("um shave", sure=sydney)
    assert asked == [("William Shakespeare", "Shakespeare")]


def test_one_word_after_a_hesitation_whisper_unled_reads_as_the_card_answer_is_whole():
    """espeak-ng's "hmm ... Jupiter" in noise was "um jubiner": the hesitation
    left out, then one word no answer, which waits the full silence (a filler
    Whisper wrote as a word is more often that). Not led by the card,
    Whisper finds "Jupiter" a reading of it likelier than open words need."""
    jupiter = answer_plan(AnswerFields("Jupiter")).turn_end
    asked: list[tuple[str, ...]] = []

    def sure(phrases) -> bool:
        asked.append(tuple(phrases))
        return True

    assert jupiter.classify("um jubiner") is Tier.WAITING
    assert jupiter.classify("um jubiner", likely=lambda phrases: True) is Tier.WAITING
    assert jupiter.classify("um jubiner", sure=lambda phrases: False) is Tier.WAITING
    assert jupiter.classify("um jubiner", sure=sure) is Tier.COMPLETE
    assert jupiter.classify("done heal", sure=sure) is Tier.OPEN  # open words: `likely`'s
    assert asked == [("Jupiter",)]


def test_half_a_name_or_a_lead_in_after_a_hesitation_is_not_weighed_against_the_card():
    """ "um ... Leonardo", then a pause: the player is inside the name; "um
    ... is it the": the answer is still to come. Neither is scored."""
    leonardo = answer_plan(AnswerFields("Leonardo da Vinci", kind="person")).turn_end
    asked: list[tuple[str, ...]] = []

    def sure(phrases) -> bool:
        asked.append(tuple(phrases))
        return True

    for said in ("um leonardo", "um is it the", "it's the"):
        assert leonardo.classify(said, likely=sure, sure=sure) is Tier.WAITING
    assert leonardo.classify("um", likely=sure, sure=sure) is Tier.HESITATION
    assert asked == []


def test_words_whisper_misheard_are_whole_where_the_card_grammar_heard_the_answer():
    """flite rms's "Rio de ... Janeiro" was "burial d" to Whisper, and the
    turn waited the middle pause after the name; the card's grammar, which
    hears every frame beside Whisper, was on "rio de janeiro", and Whisper,
    not led by the card, finds the name no wild reading of the sounds."""
    rio = answer_plan(AnswerFields("Rio de Janeiro", accept=("Rio",), kind="place")).turn_end
    asked: list[tuple[str, ...]] = []

    def plausible(phrases) -> bool:
        asked.append(tuple(phrases))
        return True

    def heard(path, words="burial d", wild=plausible):
        return rio.classify(words, card_path=lambda: path, no_wild_reading=wild)

    assert rio.classify("burial d") is Tier.OPEN
    assert heard("rio de janeiro") is Tier.COMPLETE
    assert heard("rio de janeiro", "um bars") is Tier.COMPLETE
    assert asked == [("Rio de Janeiro",), ("Rio de Janeiro",)]
    # a filler may force the grammar onto the card: Whisper finds it wild
    unsure = rio.classify("um and let me see")
    assert unsure is not Tier.COMPLETE
    assert heard("rio de janeiro", "um and let me see", lambda p: False) is unsure
    # the grammar on a command, a start, or a one-word answer a filler may be
    assert heard("where are") is Tier.OPEN
    assert heard("rio de") is Tier.OPEN
    assert heard("rio") is Tier.OPEN
    assert heard(None) is Tier.OPEN
    # Whisper's words begin the name, or a hedge: the player is going on
    assert heard("rio de janeiro", "rio de") is Tier.WAITING
    assert heard("rio de janeiro", "burial or") is Tier.WAITING
    # a filler stays a hesitation, whatever the grammar is on
    assert heard("rio de janeiro", "um") is Tier.HESITATION
    assert len(asked) == 2  # the recognizer is asked last, only of a right answer heard
    # nor a wrong answer the card lists: only a right one was measured so
    canberra = answer_plan(AnswerFields("Canberra", reject=("New South Wales",))).turn_end
    said = canberra.classify(
        "the nearest state", card_path=lambda: "new south wales", no_wild_reading=plausible
    )
    assert said is Tier.OPEN


def test_a_hum_the_card_made_its_right_answer_waits_the_middle_pause():
    """hibari's "hmm ... Calcium" in noise: Whisper, with the card as its
    prompt, read the "hmm" as "calcium", and the turn ended before the
    player said the answer. Not led by the card, "Calcium" scored -16.9 for
    that hum and "um" -6.1. Asked only of words that are a right answer
    (the lead-in aside), so a reject still ends the turn at once."""
    calcium = answer_plan(AnswerFields("Calcium", reject=("Sodium",))).turn_end
    asked: list[tuple[str, ...]] = []

    def a_hum(answers, hums) -> bool:
        asked.append(tuple(answers))
        assert "um" in hums and "hmm" in hums
        return True

    assert calcium.classify("calcium") is Tier.COMPLETE
    assert calcium.classify("calcium", a_hum=a_hum) is Tier.OPEN
    assert calcium.classify("um calcium", a_hum=a_hum) is Tier.OPEN
    assert calcium.classify("calcium", a_hum=lambda answers, hums: False) is Tier.COMPLETE
    assert calcium.classify("sodium", a_hum=a_hum) is Tier.COMPLETE
    assert calcium.classify("it's the", a_hum=a_hum) is Tier.WAITING
    assert asked == [("Calcium",), ("Calcium",)]
    # one word only: a hum is read as one
    tupac = answer_plan(AnswerFields("Tupac Amaru", kind="person")).turn_end
    assert tupac.classify("tupac amaru", a_hum=a_hum) is Tier.COMPLETE
    assert asked == [("Calcium",), ("Calcium",)]


def test_a_right_answer_the_card_rewrote_over_other_words_waits_the_middle_pause():
    """flite awb's "um ... um" on The Great Gatsby card: "thank you" at the
    first pause, then, read whole with the card as Whisper's prompt, "the
    great gatsby"; the turn ended after the second "um" and the player was
    ruled right. Not led by the card, Whisper scored the title -28.1 for
    those sounds. Asked only where the words before the pause were read as
    no start of the answer."""
    gatsby = answer_plan(AnswerFields("The Great Gatsby", kind="title")).turn_end
    asked: list[tuple[str, ...]] = []

    def wild(phrases) -> bool:  # no_wild_reading: False, the reading is wild
        asked.append(tuple(phrases))
        return False

    def before(words):
        return lambda: words

    said = "the great gatsby"
    assert gatsby.classify(said, earlier=before("thank you")) is Tier.COMPLETE
    assert gatsby.classify(said, earlier=before("thank you"), no_wild_reading=wild) is Tier.OPEN
    tame = gatsby.classify(said, earlier=before("thank you"), no_wild_reading=lambda p: True)
    assert tame is Tier.COMPLETE
    assert asked == [("The Great Gatsby",)]
    # the answer begun before the pause, or words that sound like its start
    # (espeak-ng's "The Great ..." in noise, "the blade"), a lead-in, or no
    # pause before: whole
    for words in ("the great", "the blade", "it's the", None):
        assert gatsby.classify(said, earlier=before(words), no_wild_reading=wild) is Tier.COMPLETE
    assert asked == [("The Great Gatsby",)]


def test_a_lone_word_the_rulings_wider_window_reads_as_pass_is_a_whole_reply():
    """espeak-ng's "pass" in noise, Scottish: "boss" in the end of turn's
    window, "boss | pause | pass" in the ruling's; piper's "s", read wider
    "pass | yes | s". Each waited the full silence, as a lone word that may
    be a filler written as a word, and was then ruled wrong all the same."""
    copper = answer_plan(AnswerFields("Copper", kind="text")).turn_end
    assert copper.classify("boss") is Tier.HESITATION
    assert copper.classify("boss", wider=lambda: ("boss", "pause", "pass")) is Tier.COMPLETE
    assert copper.classify("s", wider=lambda: ("pass", "yes", "s")) is Tier.COMPLETE
    assert copper.classify("boss", wider=lambda: ("boss", "pause")) is Tier.HESITATION


@pytest.mark.parametrize(
    ("card", "partial", "wider"),
    [
        # more words than were heard, or other words before the last: the
        # prompt finishing a name the player paused in
        ("Sherlock Holmes", "sherlock", ("sherlock holmes",)),
        ("Martin Luther King", "martin luther", ("martin luther king",)),
        ("Rio de Janeiro", "3 up d", ("rio de janeiro",)),  # flite kal, in noise
        ("Leonardo da Vinci", "leonardo dar", ("leonardo davinci",)),  # a longer last word
        # a lead-in, or words ending on one a turn goes on from
        ("Nile", "it's the", ("the nile",)),
        ("Star Wars", "it's my", ("star wars",)),
        ("Rio de Janeiro", "rio de", ("rio janeiro",)),
        # a hedge cut short
        ("Lizard", "lizard or", ("lizard",)),
        # a filler read as a word, read wider as the card's answer
        ("Elm", "um", ("elm",)),
        ("Emu", "earth", ("emu",)),  # flite kal16's "er" in noise
        ("Emu", "um earth", ("um emu",)),  # after a hesitation
        ("Nile", "it's the earth", ("it's the nile",)),  # "it's the ... er"
        ("Nile", "um dial", ("um nile",)),  # lead-ins alone, no article
        ("Nile", "is it dial", ("is it nile",)),
        # a command: a filler may be read as "pass" (stop 53)
        ("Saturn", "yes", ("pass",)),
        # a filler as Whisper writes one, or a word of more than one beat,
        # read wider as a reply: not a lone "pass" or "yes" misheard
        ("Saturn", "ah", ("pass",)),
        ("Saturn", "um", ("yes",)),
        ("Saturn", "hello", ("yes",)),
        ("Saturn", "um boss", ("um pass",)),  # after a hesitation
        # "yes" read wider is no sign: piper's "uh" before "... ten sixty
        # six" in noise, and the turn ended before the answer
        ("1066", "10", ("10", "that", "yeah", "yes")),
        # another answer in the decks, not the card's
        ("Canberra", "sidley", ("sydney",)),
    ],
)
def test_the_rulings_wider_window_does_not_end_a_turn_on_what_was_not_said(card, partial, wider):
    turn = answer_plan(AnswerFields(card, kind="place"), others=("Sydney",)).turn_end
    before = turn.classify(partial)
    assert turn.classify(partial, wider=lambda: wider) is before


def test_a_whole_name_read_also_as_more_than_was_said_before_the_pause_waits():
    """flite kal's "Martin ... Luther ..." (pause_risk_bench's paused names):
    Whisper, prompted with the card, wrote the whole name the player had not
    finished; lower down it read the words so far, more than "martin", all
    it had heard at the first pause."""
    king = answer_plan(AnswerFields("Martin Luther King", kind="person")).turn_end
    so_far = ("martin luther", "martin")
    assert (
        king.classify("martin luther king", others=so_far, earlier=lambda: "martin") is Tier.WAITING
    )


def test_a_whole_name_read_also_as_the_words_before_the_pause_is_whole():
    """flite rms's "New ... Zealand": read also "new", as at the pause; Whisper
    read the words before the pause alone, and the player said the rest."""
    zealand = answer_plan(AnswerFields("New Zealand", kind="place")).turn_end
    assert zealand.classify("new zealand", others=("new",), earlier=lambda: "new") is Tier.COMPLETE
    # a recognizer that cannot say what it read before: as before
    assert zealand.classify("new zealand", others=("new",)) is Tier.COMPLETE
    # a lower reading that stops short on no name's start: the pause was
    # before the answer ("it's the ... Nile")
    nile = answer_plan(AnswerFields("Nile", kind="place")).turn_end
    assert (
        nile.classify("it's a nile", others=("it's a", "it's"), earlier=lambda: "") is Tier.COMPLETE
    )


def test_a_whole_name_said_before_any_pause_is_whole_whatever_lies_below():
    """The turnaround game's "William G Morgan", said straight: "william g
    morgan", read also "william g". With no pause before, nothing tells a
    name said whole from one the prompt finished at the first pause (so
    espeak's "Leonardo ..." read "leonardo da vinci", also "leonardo", still
    ends there)."""
    morgan = answer_plan(AnswerFields("William G Morgan", kind="person")).turn_end
    said = morgan.classify("william g morgan", others=("william g",), earlier=lambda: None)
    assert said is Tier.COMPLETE


def test_a_true_false_card_is_heard_for_both_values_whichever_its_answer():
    """The recognizer is prompted with the phrases: the answer alone would
    lean it towards the right one (flite's "true" came out "3" on a False card)."""
    from host.table.listen_command import listening_for

    false_card = AnswerFields("False", kind="true_false")
    assert false_card.listen_for() == ("False", "True")
    assert AnswerFields("true", kind="true_false").listen_for() == ("true", "False")
    assert listening_for("answer", false_card).phrases == ("False", "True")
    canberra = AnswerFields("Canberra", reject=("Sydney",), kind="place")
    assert canberra.listen_for() == ("Canberra", "Sydney")


def test_a_word_list_with_a_word_yaml_reads_as_true_or_false_is_refused(tmp_path, monkeypatch):
    from host.speech import turn_end

    lists = tmp_path / "turn_end.yaml"
    lists.write_text("joiners: [of, in, on]\n", encoding="utf-8")
    monkeypatch.setattr(turn_end, "DATA", lists)
    with pytest.raises(ValueError, match="joiners: True is no word"):
        turn_end._word_lists.__wrapped__()
