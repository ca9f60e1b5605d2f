"""Every user-facing text, in English and Italian, in one place.

``t(key, locale, **values)`` picks the user's language from their Discord
locale (Italian for ``it``, English otherwise). Command descriptions go through
:class:`HeatTranslator`, discord.py's translator.
"""

from __future__ import annotations

import discord
from discord import app_commands

from render.standings import ordinal as english_ordinal

TEXTS: dict[str, tuple[str, str]] = {
    # --- refusals (the race is unchanged) ---
    "channel_busy": (
        "This channel already has a race. Finish or `/heat cancel` it first.",
        "In questo canale c'è già una gara. Finiscila o usa `/heat cancel`.",
    ),
    "already_joined": ("You are already in this race.", "Sei già in questa gara."),
    "lobby_full": ("This race is full.", "Questa gara è al completo."),
    "not_in_race": ("You are not in this race.", "Non sei in questa gara."),
    "host_cannot_leave": (
        "The host cannot leave; use `/heat cancel` instead.",
        "Chi ospita non può uscire: usa `/heat cancel`.",
    ),
    "not_host": ("Only the host can do that.", "Solo chi ospita la gara può farlo."),
    "not_host_or_manager": (
        "Only the host or someone with Manage Server can do that.",
        "Solo chi ospita o chi può gestire il server può farlo.",
    ),
    "league_race_lobby": (
        "This is a league's race: `/league start-race` starts it.",
        "Questa è una gara di campionato: la avvia `/league start-race`.",
    ),
    "need_rival": (
        "You need a rival: wait for someone to join, or start a race with Legends or AI fill.",
        "Serve un avversario: aspetta che qualcuno entri o crea la gara con Leggende o IA.",
    ),
    "no_race": ("There is no race here.", "Qui non c'è nessuna gara."),
    "race_running": ("The race has already started.", "La gara è già iniziata."),
    "not_started": ("The race has not started yet.", "La gara non è ancora iniziata."),
    "stale": (
        "That was for an earlier moment of the race; here is where it stands now.",
        "Questo valeva per un momento precedente della gara; ecco la situazione attuale.",
    ),
    "try_again": (
        "The race's database did not answer; nothing changed. Please try again.",
        "Il database della gara non ha risposto; non è cambiato nulla. Riprova.",
    ),
    "not_your_race": ("You are not driving in this race.", "Non stai guidando in questa gara."),
    "not_your_turn": ("It is not your decision now.", "Ora non tocca a te decidere."),
    "kick_not_driver": ("That user is not driving here.", "Quell'utente non guida qui."),
    "illegal": (
        "Not allowed in the {step} step: the rules do not let you do that now.",
        "Non consentito nella fase {step}: le regole non lo permettono adesso.",
    ),
    "unknown_action": (
        "This button is not one I know (an old or altered message); nothing changed.",
        "Non conosco questo pulsante (messaggio vecchio o alterato); non è cambiato nulla.",
    ),
    "step_plan": ("plan", "pianificazione"),
    "step_react": ("React", "reazione"),
    "step_slipstream": ("Slipstream", "scia"),
    "step_discard": ("Discard", "scarto"),
    "step_boost": ("Boost", "boost"),
    "step_adrenaline": ("Adrenaline", "adrenalina"),
    "step_react_done": ("React", "reazione"),
    "step_draft": ("Garage draft", "draft del garage"),
    "step_pick": ("Garage draft", "draft del garage"),
    "step_give_back": ("Garage draft", "draft del garage"),
    "step_reveal": ("speed choice", "scelta della velocità"),
    "step_speed": ("speed choice", "scelta della velocità"),
    "step_accelerate": ("Accelerate", "accelerazione"),
    "step_direct": ("Direct Play", "gioco diretto"),
    "step_draft_move": ("Draft", "draft in scia"),
    "step_reduce": ("Reduce Stress", "riduzione dello stress"),
    "step_refresh": ("Refresh", "ricarica"),
    "step_salvage": ("Salvage", "recupero"),
    "step_super_cool": ("Super Cool", "super raffreddamento"),
    "step_give_up": ("give up", "ritiro"),
    "channel_not_allowed": (
        "Races are not allowed in this channel. Allowed: {channels}",
        "Le gare non sono consentite in questo canale. Consentiti: {channels}",
    ),
    "export_running": (
        "Export is available once the race is over (it shows every hand and the seed).",
        "L'esportazione è disponibile a gara finita (mostra tutte le mani e il seme).",
    ),
    "no_finished_race": (
        "No finished race in this channel.",
        "Nessuna gara finita in questo canale.",
    ),
    "needs_manage_server": (
        "Only someone with Manage Server can do that.",
        "Solo chi può gestire il server può farlo.",
    ),
    # --- a server's caps and the rate limit (nothing is stored) ---
    "limit_races": (
        "This server already has {limit} races running, its cap: finish one first"
        " (Manage Server can change the cap with `/heat settings`).",
        "Questo server ha già {limit} gare in corso, il suo limite: finiscine una"
        " (chi gestisce il server può cambiarlo con `/heat settings`).",
    ),
    "limit_lobbies": (
        "This server already has {limit} open lobbies, its cap: start or cancel one first"
        " (Manage Server can change the cap with `/heat settings`).",
        "Questo server ha già {limit} gare in attesa, il suo limite: avviane o annullane una"
        " (chi gestisce il server può cambiarlo con `/heat settings`).",
    ),
    "limit_leagues": (
        "This server already has {limit} active leagues, its cap: end one first"
        " (Manage Server can change the cap with `/heat settings`).",
        "Questo server ha già {limit} campionati attivi, il suo limite: chiudine uno"
        " (chi gestisce il server può cambiarlo con `/heat settings`).",
    ),
    "limit_out_of_range": (
        "A cap must be between 1 and {highest}.",
        "Un limite deve essere tra 1 e {highest}.",
    ),
    "limits_saved": (
        "Caps: {races} races running, {lobbies} lobbies open, {leagues} leagues active.",
        "Limiti: {races} gare in corso, {lobbies} gare in attesa, {leagues} campionati attivi.",
    ),
    "too_fast": (
        "Too many clicks at once: wait a moment, then try again.",
        "Troppi clic tutti insieme: aspetta un attimo e riprova.",
    ),
    "unknown_track": ("Unknown track.", "Pista sconosciuta."),
    "missing_permissions": (
        "I cannot race in <#{channel}>: I am missing {permissions}. Ask an admin to grant them.",
        "Non posso gareggiare in <#{channel}>: mi mancano {permissions}. Chiedi a un admin.",
    ),
    "something_wrong": (
        "Something went wrong; the race is unchanged.",
        "Qualcosa è andato storto; la gara non è cambiata.",
    ),
    "stress_card": ("Stress (+1-4)", "Stress (+1-4)"),
    "cards_count": (
        "Pick exactly {gear} card(s) for gear {gear}.",
        "Scegli esattamente {gear} carte per la marcia {gear}.",
    ),
    # --- lobby ---
    "lobby_opened": (
        "Race {race} is open: {link}. Others join with its buttons or `/heat join`.",
        "La gara {race} è aperta: {link}. Gli altri entrano con i pulsanti o con `/heat join`.",
    ),
    "lobby_title": ("Heat race — {track}", "Gara Heat — {track}"),
    "lobby_body": (
        "{laps} lap(s) · {seats} cars · fill: {fill} · timer: {timer} · {mode}\n"
        "Host: <@{host}>\n**Drivers**\n{drivers}",
        "{laps} giri · {seats} auto · riempimento: {fill} · timer: {timer} · {mode}\n"
        "Ospite: <@{host}>\n**Piloti**\n{drivers}",
    ),
    "fill_none": ("none", "nessuno"),
    "fill_legends": ("Legends", "Leggende"),
    "fill_ai": ("AI drivers", "piloti IA"),
    "lobby_modules": (
        "Garage: {garage} ({draft}) · weather: {weather}",
        "Garage: {garage} ({draft}) · meteo: {weather}",
    ),
    "garage_off": ("off", "no"),
    "garage_basic": ("basic upgrades", "potenziamenti base"),
    "garage_advanced": ("advanced upgrades", "potenziamenti avanzati"),
    "garage_both": ("both decks", "entrambi i mazzi"),
    "draft_rounds": ("3 draft rounds", "3 turni di draft"),
    "draft_random": ("3 random cards each", "3 carte a caso a testa"),
    "draft_snake": ("snake draft", "draft a serpentina"),
    "weather_on": ("on", "sì"),
    "weather_off": ("off", "no"),
    "mode_live": ("live", "dal vivo"),
    "mode_async": ("async", "asincrona"),
    "join": ("Join", "Entra"),
    "leave": ("Leave", "Esci"),
    "start": ("Start", "Via"),
    "joined": ("You are in: car {car}.", "Sei dentro: auto {car}."),
    "left": ("You left the race.", "Sei uscito dalla gara."),
    "cancelled": ("Race cancelled by <@{user}>.", "Gara annullata da <@{user}>."),
    "kicked": (
        "<@{user}> is now driven by the AI.",
        "<@{user}> ora è guidato dall'IA.",
    ),
    # --- rounds ---
    "race_started": (
        "**The race is on!** {track}, {laps} lap(s). {mentions} plan your first move.",
        "**Si parte!** {track}, {laps} giri. {mentions} pianificate la prima mossa.",
    ),
    "race_started_draft": (
        "**The race is on!** {track}, {laps} lap(s). First the Garage draft: each driver in "
        "turn picks an upgrade.",
        "**Si parte!** {track}, {laps} giri. Prima il draft del garage: a turno ogni pilota "
        "sceglie un potenziamento.",
    ),
    "thread_starting": ("🏁 Race #{race} is on.", "🏁 La gara #{race} è partita."),
    "thread_line": (
        "🏁 Race #{race} is on: follow it in {thread}.",
        "🏁 La gara #{race} è partita: seguila in {thread}.",
    ),
    "thread_refused": (
        "<@{host}>: this race runs here, not in a thread of its own: I am missing {permissions}.",
        "<@{host}>: questa gara si corre qui, non in un thread: mi mancano {permissions}.",
    ),
    "round_done": ("**Round {round}**", "**Round {round}**"),
    "board_title": (
        "{track} · round {round} · laps: {laps}",
        "{track} · round {round} · giri: {laps}",
    ),
    "board_car": (
        "lap {lap} · gear {gear} · Engine {engine} · {cards} cards",
        "giro {lap} · marcia {gear} · Motore {engine} · {cards} carte",
    ),
    "board_car_legend": ("lap {lap} · Legend", "giro {lap} · Leggenda"),
    "board_car_finished": ("finished P{place}", "arrivato {place}°"),
    "board_car_out": ("out of the race", "fuori gara"),
    "board_weather": ("Weather", "Meteo"),
    "rounds_left_out": (
        "({count} earlier rounds not shown: see the board.)",
        "({count} round precedenti non mostrati: vedi il tabellone.)",
    ),
    "race_resumed": (
        "**Back on track** after a restart: race {race}, round {round}.",
        "**Di nuovo in pista** dopo un riavvio: gara {race}, round {round}.",
    ),
    "your_move": (
        "{mentions}: plan round {round} (before <t:{deadline}:R>).",
        "{mentions}: pianificate il round {round} (entro <t:{deadline}:R>).",
    ),
    "open_hand": ("Open my hand", "Apri la mia mano"),
    "dm_plan": (
        "Race #{race} ({track}) waits for you: plan round {round} before <t:{deadline}:R>, "
        "in {where}.",
        "La gara #{race} ({track}) ti aspetta: pianifica il round {round} entro "
        "<t:{deadline}:R>, in {where}.",
    ),
    "dm_decide": (
        "Race #{race} ({track}) waits for your {step} decision, in {where}.",
        "La gara #{race} ({track}) aspetta la tua decisione ({step}), in {where}.",
    ),
    "dm_failed": (
        "I could not send <@{user}> a direct message (their DMs are closed): mentioned here.",
        "Non riesco a scrivere in privato a <@{user}> (messaggi diretti chiusi): menzione qui.",
    ),
    "notify_thread": ("a mention in the race's thread", "una menzione nel thread della gara"),
    "notify_dm": ("a direct message", "un messaggio diretto"),
    "notify_off": ("nothing", "niente"),
    "notify_saved": (
        "When a race waits for you, you get: {how}.",
        "Quando una gara ti aspetta, ricevi: {how}.",
    ),
    "show_board": ("Board", "Tabellone"),
    "race_over": ("**Chequered flag!** {podium}", "**Bandiera a scacchi!** {podium}"),
    "race_out": ("out of the race: {names}", "fuori gara: {names}"),
    "reminder": (
        "<@{user}>, your {step} decision is due <t:{deadline}:R>; then the AI drives for you.",
        "<@{user}>, la tua decisione ({step}) scade <t:{deadline}:R>; poi guida l'IA.",
    ),
    "timer_played": (
        "Time ran out for {name}: the AI made the {step} decision.",
        "Tempo scaduto per {name}: l'IA ha preso la decisione ({step}).",
    ),
    "summary_car": (
        "{name}: gear {gear}, speed {speed}, {moved}",
        "{name}: marcia {gear}, velocità {speed}, {moved}",
    ),
    "summary_legend": ("{name}: speed {speed}, {moved}", "{name}: velocità {speed}, {moved}"),
    "summary_moved": ("{from_} → {to}", "{from_} → {to}"),
    "summary_heat": ("paid {heat} Heat", "pagato {heat} Heat"),
    "summary_spin": ("SPUN OUT", "SBANDATA"),
    "summary_slip": ("slipstream", "scia"),
    "summary_clutter": ("cluttered hand, did not move", "mano piena, ferma"),
    "summary_finished": ("finished #{place}", "arrivato #{place}"),
    "summary_gave_up": ("gave up", "ritirato"),
    "summary_eliminated": ("OUT of the race, no place", "FUORI gara, senza posizione"),
    # --- the hand ---
    "hand_title": (
        "Your hand — round {round}, car {car}",
        "La tua mano — round {round}, auto {car}",
    ),
    "hand_status": (
        "Gear {gear} · Engine {engine} Heat · deck {deck} · discard {discard}",
        "Marcia {gear} · Motore {engine} Heat · mazzo {deck} · scarti {discard}",
    ),
    "hand_cards": ("Hand: {cards}", "Mano: {cards}"),
    "hand_corner": (
        "Next corner: limit {limit}, after space {space} (crossed at speed {distance}+)",
        "Prossima curva: limite {limit}, dopo la casella {space} (superata a velocità {distance}+)",
    ),
    "hand_flooded": (
        "Flooded spot: shifting down costs 1 Heat more.",
        "Casella allagata: scalare marcia costa 1 Heat in più.",
    ),
    "hand_upgrade": ("`{card}` speed {speed}: {uses}", "`{card}` velocità {speed}: {uses}"),
    "symbol_boost": ("+{n} flipped at the reveal", "+{n} girate alla rivelazione"),
    "symbol_cooldown": ("cool down {n} (React)", "raffreddamento {n} (reazione)"),
    "symbol_reduce": ("discard up to {n} Stress (React)", "scarta fino a {n} Stress (reazione)"),
    "symbol_slipstream": ("slipstream +{n}", "scia +{n}"),
    "symbol_scrap": (
        "scrap {n} from the deck (mandatory)",
        "scarta {n} dal mazzo (obbligatorio)",
    ),
    "symbol_salvage": (
        "{n} from the discard pile back to the deck (React)",
        "{n} dagli scarti di nuovo nel mazzo (reazione)",
    ),
    "symbol_direct": (
        "Direct Play from the hand (React)",
        "gioco diretto dalla mano (reazione)",
    ),
    "symbol_accelerate": ("+1 speed per + used (React)", "+1 velocità per ogni + (reazione)"),
    "symbol_refresh": (
        "back on top of the deck (Discard step)",
        "torna in cima al mazzo (fase di scarto)",
    ),
    "symbol_adjust": (
        "corner limits {n:+d} this turn (mandatory)",
        "limiti delle curve {n:+d} in questo turno (obbligatorio)",
    ),
    "symbol_heat": ("pay {n} Heat when played (mandatory)", "paghi {n} Heat (obbligatorio)"),
    "symbol_draft": (
        "move right behind the car ahead (React)",
        "vai subito dietro l'auto davanti (reazione)",
    ),
    "symbol_super_cool": (
        "Heat from the discard pile back to the Engine (React)",
        "Heat dagli scarti di nuovo nel motore (reazione)",
    ),
    "hand_plan": ("Plan: gear {gear}, cards {cards}", "Piano: marcia {gear}, carte {cards}"),
    "hand_discard": ("discard {cards}", "scarta {cards}"),
    "hand_forecast": ("Speed {speed} → space {land}", "Velocità {speed} → casella {land}"),
    "hand_forecast_corner": (
        "Corner after space {space} (limit {limit}): {heat} Heat",
        "Curva dopo la casella {space} (limite {limit}): {heat} Heat",
    ),
    "hand_spin_risk": (
        "⚠ Engine has {engine}: may spin out",
        "⚠ Il motore ha {engine}: rischio di sbandare",
    ),
    "hand_cluttered": (
        "Cluttered hand: you play every card you can plus Heat, and do not move.",
        "Mano piena: giochi tutte le carte possibili più carte Heat, e resti fermo.",
    ),
    "hand_orders": ("Reactions: {orders}", "Reazioni: {orders}"),
    "hand_planned": (
        "Plan locked: gear {gear}, cards {cards}. Reactions: {orders}.",
        "Piano bloccato: marcia {gear}, carte {cards}. Reazioni: {orders}.",
    ),
    "hand_waiting": ("Nothing to plan right now.", "Niente da pianificare adesso."),
    "hand_deciding_live": (
        "Nothing to plan now: your live decision is waiting in the channel.",
        "Niente da pianificare ora: la tua decisione ti aspetta nel canale.",
    ),
    "gear_option": ("Gear {gear}: play {gear} card(s)", "Marcia {gear}: gioca {gear} carte"),
    "gear_cost": (" · costs {n} Heat", " · costa {n} Heat"),
    "gear_cooldown": (" · cooldown {n}", " · raffreddamento {n}"),
    "cards_placeholder": ("Cards to play", "Carte da giocare"),
    "orders_placeholder": ("Reactions this round", "Reazioni in questo round"),
    "discard_placeholder": ("After moving, discard…", "Dopo il movimento, scarta…"),
    "orders_ai": ("let the AI decide (boost, slipstream, discard)", "decide l'IA"),
    "orders_live": ("ask me at each step", "chiedimelo a ogni passo"),
    "orders_boost": (
        "boost (1 Heat) when it cannot cost corner Heat",
        "boost (1 Heat) se non può costare Heat in curva",
    ),
    "orders_slipstream": ("take slipstream", "prendi la scia"),
    "orders_adrenaline_speed": ("adrenaline: +1 speed", "adrenalina: +1 velocità"),
    "orders_adrenaline_cooldown": ("adrenaline: cooldown", "adrenalina: raffreddamento"),
    "orders_none": ("no boost, no slipstream", "niente boost né scia"),
    "confirm": ("Confirm", "Conferma"),
    "suggest": ("AI suggestion", "Suggerimento IA"),
    "ai_reason": (
        "AI: gear {gear}, {cards}: {where}; {left}; {risk}",
        "IA: marcia {gear}, {cards}: {where}; {left}; {risk}",
    ),
    "ai_reason_crosses": (
        "crosses the corner after space {space} (limit {limit}) for {heat} Heat, lands on {land}",
        "passa la curva dopo la casella {space} (limite {limit}) con {heat} Heat, "
        "arriva sulla {land}",
    ),
    "ai_reason_ahead": (
        "lands on {land}, before the corner after space {space} (limit {limit}, "
        "crossed at speed {distance}+)",
        "arriva sulla {land}, prima della curva dopo la casella {space} (limite {limit}, "
        "superata a velocità {distance}+)",
    ),
    "ai_reason_clear": (
        "lands on {land}, no corner before the finish",
        "arriva sulla {land}, nessuna curva prima del traguardo",
    ),
    "ai_reason_heat": ("{n} Heat left in the Engine", "{n} Heat restano nel motore"),
    "ai_reason_safe": ("no spin-out risk", "nessun rischio di sbandare"),
    "ai_reason_risk": ("spin-out risk {percent}%", "rischio di sbandare {percent}%"),
    "ai_reason_cluttered": (
        "AI: gear {gear}, {cards}: a cluttered hand, no move this round",
        "IA: marcia {gear}, {cards}: mano piena, nessun movimento in questo round",
    ),
    # A champion's suggestion: what its playouts (races played forward) found for the plan.
    "ai_reason_searched": (
        "Champion: gear {gear}, {cards}: {search}; {where}; {left}; {risk}",
        "Campione: marcia {gear}, {cards}: {search}; {where}; {left}; {risk}",
    ),
    "ai_reason_won": ("won {won} of {n} playouts", "vince {won} simulazioni su {n}"),
    "ai_reason_best": (
        "the best of {plans} plans in {best} of {n} playouts",
        "la migliore di {plans} mosse in {best} simulazioni su {n}",
    ),
    # --- live prompts ---
    "prompt_react": (
        "{who} — React (speed {speed}, Engine {engine}):",
        "{who} — Reazione (velocità {speed}, Motore {engine}):",
    ),
    "prompt_draft": (
        "{who} — Garage draft: your pick. Open the market to see the cards.",
        "{who} — Draft del garage: tocca a te. Apri il mercato per vedere le carte.",
    ),
    "prompt_reveal": (
        "{who} — Choose the speed of your card with several speeds.",
        "{who} — Scegli la velocità della tua carta a più velocità.",
    ),
    "prompt_slipstream": ("{who} — Slipstream?", "{who} — Scia?"),
    "prompt_discard": (
        "{who} — Discard step: open your cards to pick what to discard, or keep all.",
        "{who} — Fase di scarto: apri le tue carte per scegliere cosa scartare, o tienile tutte.",
    ),
    "boost": ("Boost (1 Heat)", "Boost (1 Heat)"),
    "adrenaline_speed": ("Adrenaline +1 speed", "Adrenalina +1 velocità"),
    "adrenaline_cooldown": ("Adrenaline cooldown", "Adrenalina raffreddamento"),
    "adrenaline_both": ("Adrenaline both", "Adrenalina entrambe"),
    "react_done": ("Done", "Fatto"),
    "slipstream_yes": ("Slipstream +{spaces}", "Scia +{spaces}"),
    "slipstream_no": ("No", "No"),
    "keep_all": ("Keep all", "Tieni tutto"),
    "open_market": ("See the market", "Guarda il mercato"),
    "open_my_cards": ("Open my cards", "Apri le mie carte"),
    "my_cards": (
        "Only you see these choices: they show your cards.",
        "Solo tu vedi queste scelte: mostrano le tue carte.",
    ),
    "market": (
        "Garage draft, round {round}: pick one upgrade.",
        "Draft del garage, turno {round}: scegli un potenziamento.",
    ),
    "pick": ("Take {card}", "Prendi {card}"),
    "numbered": ("{number} · {label}", "{number} · {label}"),
    "give_back": ("Give back {card}", "Restituisci {card}"),
    "choose_speed": ("{card} as speed {speed}", "{card} a velocità {speed}"),
    "direct_play": (
        "Direct Play {card} (speed {speed})",
        "Gioco diretto {card} (velocità {speed})",
    ),
    "accelerate": ("Accelerate (+1 per +)", "Accelera (+1 per ogni +)"),
    "reduce": ("Reduce Stress: discard {count}", "Riduci lo stress: scarta {count}"),
    "super_cool": ("Super Cool", "Super raffreddamento"),
    "draft_move": ("Draft behind the car ahead", "In scia dietro l'auto davanti"),
    "refresh": ("Refresh {card} (on top of the deck)", "Ricarica {card} (in cima al mazzo)"),
    "salvage_placeholder": (
        "Salvage: shuffle back into the deck…",
        "Recupero: rimescola nel mazzo…",
    ),
    "give_up_confirm": (
        "Give up this race? Your car leaves the track and takes the last free place.",
        "Ritirarti da questa gara? L'auto lascia la pista e prende l'ultimo posto libero.",
    ),
    "give_up_button": ("Give up", "Ritirati"),
    # --- leagues ---
    "league_busy": (
        "This channel already has a league. `/league end` it first.",
        "In questo canale c'è già un campionato. Chiudilo prima con `/league end`.",
    ),
    "league_none": ("There is no league in this channel.", "Qui non c'è nessun campionato."),
    "league_bad_season": (
        "A season needs a preset year, 3 or more known tracks, or random: {detail}",
        "Una stagione richiede un anno, 3 o più piste note, o casuale: {detail}",
    ),
    "league_already_member": ("You already drive in this league.", "Sei già in questo campionato."),
    "league_stale": (
        "That was for an earlier moment of the league; nothing changed.",
        "Questo valeva per un momento precedente del campionato; non è cambiato nulla.",
    ),
    "league_not_member": ("You do not drive in this league.", "Non sei in questo campionato."),
    "league_full": ("This league is full.", "Questo campionato è al completo."),
    "league_between_races": (
        "Only between races: the league's race is under way.",
        "Solo tra una gara e l'altra: la gara del campionato è in corso.",
    ),
    "league_race_open": (
        "Race {race} of the league is already under way in this channel.",
        "La gara {race} del campionato è già in corso in questo canale.",
    ),
    "league_need_drivers": (
        "A league race needs at least 2 cars: wait for a driver or fill with AI or Legends.",
        "Una gara di campionato richiede almeno 2 auto: aspetta un pilota o usa IA o Leggende.",
    ),
    "league_over": ("The league's season is over.", "La stagione del campionato è finita."),
    "league_not_member_or_manager": (
        "Only the league's drivers or someone with Manage Server can start its race.",
        "Solo i piloti del campionato o chi può gestire il server possono avviarne la gara.",
    ),
    "league_no_driver": (
        "That user does not drive in this league.",
        "Quell'utente non è nel campionato.",
    ),
    "league_bad_correction": (
        "A correction needs a reason and a number of points other than 0.",
        "Una correzione richiede un motivo e un numero di punti diverso da 0.",
    ),
    "league_created": (
        "League **{name}** created: {races} races, empty seats: {fill}, timer {timer}. "
        "`/league join` to drive in it.",
        "Campionato **{name}** creato: {races} gare, posti vuoti: {fill}, timer {timer}. "
        "`/league join` per partecipare.",
    ),
    "league_joined": (
        "You drive in **{name}** as car {car}; you start on 0 points.",
        "Corri in **{name}** con l'auto {car}; parti da 0 punti.",
    ),
    "league_left": ("You left **{name}**.", "Sei uscito da **{name}**."),
    "league_schedule_title": ("**{name}**: the season", "**{name}**: la stagione"),
    "league_schedule_race": (
        "Race {race}: {track}, event {event}: {title}{done}",
        "Gara {race}: {track}, evento {event}: {title}{done}",
    ),
    "league_schedule_done": (" (run)", " (disputata)"),
    "league_draft": (
        "<@{user}> — Garage draft before race {race}: pick one upgrade.",
        "<@{user}> — Draft del garage prima della gara {race}: scegli un potenziamento.",
    ),
    "league_swap": (
        "<@{user}> — You picked first: swap one of your upgrades for a market card, or keep them.",
        "<@{user}> — Hai scelto per primo: scambia un tuo potenziamento con una carta del "
        "mercato, o tienili.",
    ),
    "league_pick": ("Take {card}", "Prendi {card}"),
    "league_swap_button": ("Give {give}, take {take}", "Dai {give}, prendi {take}"),
    "league_keep": ("Keep my upgrades", "Tengo i miei potenziamenti"),
    "league_picked": ("{name} took {card}.", "{name} ha preso {card}."),
    "league_timer_played": (
        "Time ran out for {name}: the AI made the draft decision.",
        "Tempo scaduto per {name}: l'IA ha scelto nel draft.",
    ),
    "league_swapped": (
        "{name} swapped {give} for {take}.",
        "{name} ha scambiato {give} con {take}.",
    ),
    "league_race_starting": (
        "Race {race} of **{name}**: {track}, event {event}: {title}.",
        "Gara {race} di **{name}**: {track}, evento {event}: {title}.",
    ),
    "league_thread_line": (
        "🏁 Race {race} of **{name}**: {track}, event {event}: {title}. The draft, then the "
        "race: {thread}.",
        "🏁 Gara {race} di **{name}**: {track}, evento {event}: {title}. Il draft, poi la "
        "gara: {thread}.",
    ),
    "league_recorded": (
        "Race {race} of **{name}** is scored.",
        "La gara {race} di **{name}** è stata conteggiata.",
    ),
    "league_standings_title": ("{name}: standings", "{name}: classifica"),
    "league_standing": (
        "{rank}. {driver}: {points} ({races})",
        "{rank}. {driver}: {points} ({races})",
    ),
    "league_race_cell": ("{track} {place} · {points}", "{track} {place} · {points}"),
    "league_out": ("out", "eliminato"),
    "league_left_mark": (" (left the league)", " (ha lasciato il campionato)"),
    "league_correction_line": (
        "correction {points:+d}: {reason}",
        "correzione {points:+d}: {reason}",
    ),
    "league_history_title": ("**{name}**: the races", "**{name}**: le gare"),
    "league_history_race": (
        "**Race {race}**: {track}, event {event}: {title} (race #{id})",
        "**Gara {race}**: {track}, evento {event}: {title} (gara #{id})",
    ),
    "league_history_podium": ("Podium: {podium}", "Podio: {podium}"),
    "league_history_points": ("Points: {points}", "Punti: {points}"),
    "league_history_place": ("{place} {driver}", "{place} {driver}"),
    "league_history_scored": ("{driver} {points}", "{driver} {points}"),
    "league_history_none": ("No race has been run yet.", "Nessuna gara disputata finora."),
    "league_end_confirm": (
        "End the league **{name}**? Its standings are kept as an export.",
        "Chiudere il campionato **{name}**? La classifica resta in un'esportazione.",
    ),
    "league_end_button": ("End the league", "Chiudi il campionato"),
    "league_ended": (
        "League **{name}** ended by <@{user}>. Its export is attached.",
        "Campionato **{name}** chiuso da <@{user}>. In allegato l'esportazione.",
    ),
    "league_imported": (
        "League **{name}** imported by <@{user}>: {scored} of {races} races scored."
        " `/league standings` shows the table.",
        "Campionato **{name}** importato da <@{user}>: {scored} gare su {races} già disputate."
        " `/league standings` mostra la classifica.",
    ),
    "league_bad_import": (
        "This file is not a league export the bot can import ({detail}).",
        "Questo file non è un'esportazione di campionato importabile ({detail}).",
    ),
    "league_corrected": (
        "Points correction for <@{user}>: {points:+d} ({reason}), by <@{admin}>.",
        "Correzione punti per <@{user}>: {points:+d} ({reason}), da <@{admin}>.",
    ),
    "league_champion": (
        "🏆 <@{user}> is the champion of **{name}** with {points} points!",
        "🏆 <@{user}> vince il campionato **{name}** con {points} punti!",
    ),
    "league_champion_named": (
        "🏆 {driver} is the champion of **{name}** with {points} points!",
        "🏆 {driver} vince il campionato **{name}** con {points} punti!",
    ),
    "league_role_given": (
        "<@{user}> now has the **{role}** role.",
        "<@{user}> ora ha il ruolo **{role}**.",
    ),
    "league_no_role": (
        "I may not manage roles on this server, so no champion role was given.",
        "Non posso gestire i ruoli su questo server, quindi nessun ruolo di campione.",
    ),
    "stats": (
        "<@{user}> across leagues: {races}, {wins}, {podiums}, average place {average}, "
        "{spin_outs}.",
        "<@{user}> nei campionati: {races}, {wins}, {podiums}, piazzamento medio {average}, "
        "{spin_outs}.",
    ),
    # counts: the singular and the plural, apart with "|" (see counted())
    "count_races": ("{n} race|{n} races", "{n} gara|{n} gare"),
    "count_wins": ("{n} win|{n} wins", "{n} vittoria|{n} vittorie"),
    "count_podiums": ("{n} podium|{n} podiums", "{n} podio|{n} podi"),
    "count_spin_outs": ("{n} spin out|{n} spin outs", "{n} sbandata|{n} sbandate"),
    "count_points": ("{n} pt|{n} pts", "{n} punto|{n} punti"),
    "stats_none": (
        "<@{user}> has not finished a league race yet.",
        "<@{user}> non ha ancora finito una gara di campionato.",
    ),
    # leagues: drop-worst, the standings chart, a driver's breakdown (issue 36)
    "league_not_creator_or_manager": (
        "Only the league's creator or someone with Manage Server can do that.",
        "Solo chi ha creato il campionato o chi può gestire il server può farlo.",
    ),
    "league_drop_worst_already_on": (
        "This league already drops each driver's worst race.",
        "Questo campionato scarta già la gara peggiore di ogni pilota.",
    ),
    "league_drop_worst_already_off": (
        "This league already counts every race.",
        "Questo campionato conta già tutte le gare.",
    ),
    "league_drop_worst_on": (
        "From now on **{name}** drops each driver's worst race from the standings (<@{admin}>).",
        "Da ora **{name}** scarta dalla classifica la gara peggiore di ogni pilota (<@{admin}>).",
    ),
    "league_drop_worst_off": (
        "From now on **{name}** counts every race in the standings (<@{admin}>).",
        "Da ora **{name}** conta in classifica tutte le gare (<@{admin}>).",
    ),
    "league_created_drop_worst": (
        " Each driver's worst race is dropped from the standings.",
        " Ogni pilota scarta dalla classifica la sua gara peggiore.",
    ),
    "league_standings_dropping": (
        "{name}: standings, worst race dropped",
        "{name}: classifica, gara peggiore scartata",
    ),
    "league_dropped_cell": ("~~{cell}~~ dropped", "~~{cell}~~ scartata"),
    "league_chart_title": ("{name}: points after each race", "{name}: punti dopo ogni gara"),
    "league_breakdown_title": (
        "**{driver}** in **{name}**, race by race:",
        "**{driver}** in **{name}**, gara per gara:",
    ),
    "league_breakdown_race": (
        "Race {race} · {track} · {place} · {points}",
        "Gara {race} · {track} · {place} · {points}",
    ),
    "league_breakdown_bonus": (" (event bonus +{bonus})", " (bonus dell'evento +{bonus})"),
    "league_breakdown_missed": ("did not race", "non ha corso"),
    "league_breakdown_none": (
        "No race scored since joining yet.",
        "Ancora nessuna gara conteggiata dall'ingresso nel campionato.",
    ),
    "league_breakdown_correction": ("Corrections: {points:+d}", "Correzioni: {points:+d}"),
    "league_breakdown_total": ("**Total: {points}**", "**Totale: {points}**"),
    # leagues: dated races, their Discord events, reminders, answers, reserves (issue 36)
    "league_bad_zone": (
        "There is no time zone {zone}: give its IANA name, such as Europe/Rome or "
        "America/New_York.",
        "Non esiste il fuso orario {zone}: indica il suo nome IANA, come Europe/Rome o "
        "America/New_York.",
    ),
    "league_bad_date": (
        "{date} is not a day: write it YYYY-MM-DD, such as 2027-03-07.",
        "{date} non è un giorno: scrivilo AAAA-MM-GG, come 2027-03-07.",
    ),
    "league_bad_time": (
        "{time} is not a time of day: write it HH:MM, such as 21:00.",
        "{time} non è un orario: scrivilo HH:MM, come 21:00.",
    ),
    "league_date_past": (
        "<t:{when}:F> has already passed: give a date still to come.",
        "<t:{when}:F> è già passato: indica una data ancora da venire.",
    ),
    "league_date_far": (
        "That is more than a year ahead: give a nearer date.",
        "Quella data è a più di un anno da oggi: indicane una più vicina.",
    ),
    "league_bad_every": (
        "Races can be 1 to {most} days apart.",
        "Tra una gara e l'altra possono passare da 1 a {most} giorni.",
    ),
    "league_bad_reminders": (
        "Give up to {most} reminders, in hours before the race (up to a week), such as 24, 1; "
        "0 for none.",
        "Indica fino a {most} promemoria, in ore prima della gara (al massimo una settimana), "
        "come 24, 1; 0 per nessuno.",
    ),
    "league_not_dated": (
        "Race {race} has no date to cancel.",
        "La gara {race} non ha una data da annullare.",
    ),
    "league_race_not_open": (
        "Race {race} is not one of this season's races still to come.",
        "La gara {race} non è tra le gare di questa stagione ancora da correre.",
    ),
    "league_nothing_to_date": (
        "Every race of the season has started: none is left to date.",
        "Tutte le gare della stagione sono già partite: non ne resta nessuna da programmare.",
    ),
    "league_reserve_is_driver": (
        "A driver of the league cannot also be its reserve driver.",
        "Un pilota del campionato non può esserne anche pilota di riserva.",
    ),
    "league_night_race": ("Race {race} ({track})", "Gara {race} ({track})"),
    "league_night_dated": ("{race}: {full} ({relative})", "{race}: {full} ({relative})"),
    "league_night_undated": (
        "{race} has no date now: date it again, or start it with `/league start-race`.",
        "{race} ora non ha una data: programmala di nuovo, o avviala con `/league start-race`.",
    ),
    "league_night_events_permission": (
        "Grant me the {permission} permission to add the races to the server's Events.",
        "Dammi il permesso {permission} per aggiungere le gare agli Eventi del server.",
    ),
    "league_stand_in": (
        "{absent} did not answer in time: reserve {reserve} drives race {race_no} instead.",
        "{absent} non ha risposto in tempo: al suo posto corre la gara {race_no} la riserva"
        " {reserve}.",
    ),
    "league_night_create_events": ("Create Events", "Crea eventi"),
    "league_night_events_full": (
        "The server already has Discord's 100 events: this race is not among them.",
        "Il server ha già i 100 eventi concessi da Discord: questa gara non è tra loro.",
    ),
    "league_night_manage_events": ("Manage Events", "Gestisci eventi"),
    "league_event_name": ("{name} — race {race}: {track}", "{name} — gara {race}: {track}"),
    "league_event_description": (
        "{track}, {laps}. Event {event}: {title}. {summary}",
        "{track}, {laps}. Evento {event}: {title}. {summary}",
    ),
    "league_event_laps": ("{n} lap|{n} laps", "{n} giro|{n} giri"),
    "league_night_settings": (
        "**{name}**: reminders {reminders} before each race; for a driver who cannot come: "
        "{no_show}.",
        "**{name}**: promemoria {reminders} prima di ogni gara; per un pilota che non può "
        "esserci: {no_show}.",
    ),
    "league_night_no_reminders": ("none", "nessuno"),
    "league_night_no_show_ai": ("the AI drives", "guida l'IA"),
    "league_night_no_show_reserve": (
        "a reserve driver (the AI when none is free)",
        "un pilota di riserva (l'IA se nessuno è libero)",
    ),
    "league_night_coming": ("✅ {race}: you will race.", "✅ {race}: ci sarai."),
    "league_night_not_coming": ("❌ {race}: you cannot make it.", "❌ {race}: non ci sarai."),
    "league_night_reserve_added": (
        "<@{user}> is now a reserve driver of **{name}**.",
        "<@{user}> ora è pilota di riserva di **{name}**.",
    ),
    "league_night_reserve_removed": (
        "<@{user}> is no longer a reserve driver of **{name}**.",
        "<@{user}> non è più pilota di riserva di **{name}**.",
    ),
    "league_night_reserve_already": (
        "<@{user}> already is a reserve driver of **{name}**.",
        "<@{user}> è già pilota di riserva di **{name}**.",
    ),
    "league_night_reserve_not": (
        "<@{user}> is not a reserve driver of **{name}**.",
        "<@{user}> non è pilota di riserva di **{name}**.",
    ),
    "league_night_reserves": ("Reserve drivers: {names}", "Piloti di riserva: {names}"),
    "league_night_reminder": (
        "⏰ {race} of **{name}** starts {relative} ({full}). Will you race?",
        "⏰ {race} di **{name}** inizia {relative} ({full}). Ci sarai?",
    ),
    "league_night_dm": (
        "⏰ {race} of **{name}** starts {relative} ({full}), in {where}. Will you race?",
        "⏰ {race} di **{name}** inizia {relative} ({full}), in {where}. Ci sarai?",
    ),
    "league_night_yes": ("I'll race", "Ci sarò"),
    "league_night_no": ("Can't make it", "Non posso"),
    "league_night_not_ready": (
        "Race {race_no} was due to start, but the race before it is still running: start it "
        "with `/league start-race` when it ends.",
        "Era l'ora della gara {race_no}, ma la gara precedente è ancora in corso: avviala con "
        "`/league start-race` quando finisce.",
    ),
    # --- status, settings, rules ---
    "status": (
        "Race {race} on {track}: round {round}, {step}. Waiting for: {waiting}.",
        "Gara {race} su {track}: round {round}, {step}. In attesa di: {waiting}.",
    ),
    "status_lobby": (
        "Race {race} on {track}: lobby, {count}/{seats} drivers.",
        "Gara {race} su {track}: in attesa, {count}/{seats} piloti.",
    ),
    "status_nobody": ("nobody", "nessuno"),
    "settings_saved": (
        "Settings saved: timer {timer}, channels {channels}, a thread per race: {threads}.",
        "Impostazioni salvate: timer {timer}, canali {channels}, un thread per gara: {threads}.",
    ),
    "settings_any_channel": ("any", "tutti"),
    "rules": (
        "**Heat in one breath**\n"
        "1-2. Everyone picks a gear (±1 free, ±2 costs 1 Heat) and plays that many cards.\n"
        "3. Frontmost car first: reveal, move exactly your speed; Stress flips until a 1-4.\n"
        "4-5. Last car (last two with 5+) gets Adrenaline. React: Boost (1 Heat, +1-4), "
        "cooldown (3 in 1st gear, 1 in 2nd).\n"
        "6. Slipstream +2 if next to or right behind a car (not across the finish).\n"
        "7. Each corner crossed: pay Heat over the limit; can't pay → spin out.\n"
        "8-9. Discard (never Heat or Stress), draw back to 7.",
        "**Heat in breve**\n"
        "1-2. Tutti scelgono la marcia (±1 gratis, ±2 costa 1 Heat) e giocano tante carte.\n"
        "3. Dalla prima auto: rivela e muovi esattamente la velocità; lo Stress gira fino a 1-4.\n"
        "4-5. L'ultima auto (ultime due con 5+) ha Adrenalina. Reazione: Boost (1 Heat), "
        "raffreddamento (3 in 1ª, 1 in 2ª).\n"
        "6. Scia +2 se accanto o subito dietro un'auto (non oltre il traguardo).\n"
        "7. Ogni curva superata: paghi gli Heat oltre il limite; se non puoi, sbandi.\n"
        "8-9. Scarta (mai Heat o Stress), ripesca fino a 7.",
    ),
    "export_ready": ("Race {race} in the race notation.", "Gara {race} in notazione di gara."),
    "replay_posted": (
        "Race {race} on {track}, round by round (asked by <@{user}>), with its notation file.",
        "Gara {race} su {track}, round per round (richiesta da <@{user}>), con il file di gara.",
    ),
    "replay_none": (
        "There is no race {race} on this server.",
        "Non c'è nessuna gara {race} su questo server.",
    ),
    "replay_not_finished": (
        "Race {race} is not finished: only a finished race can be replayed.",
        "La gara {race} non è finita: si può rivedere solo una gara finita.",
    ),
}

# Slash command descriptions and option descriptions, translated by HeatTranslator.
COMMAND_TEXTS: dict[str, str] = {
    "Race Heat: Pedal to the Metal": "Corri a Heat: Pedal to the Metal",
    "Open a race lobby in this channel": "Apri una gara in questo canale",
    "Join the race in this channel": "Entra nella gara di questo canale",
    "Leave the lobby": "Esci dalla gara in attesa",
    "Start the race (host)": "Avvia la gara (ospite)",
    "Re-open your hand": "Riapri la tua mano",
    "Show the current board": "Mostra il tabellone",
    "Where the race stands": "A che punto è la gara",
    "Cancel the race (host or Manage Server)": "Annulla la gara (ospite o gestione server)",
    "Give up the race: you take the last free place": (
        "Ritirati dalla gara: prendi l'ultimo posto libero"
    ),
    "Let the AI drive for an idle driver (host or Manage Server)": (
        "Fai guidare l'IA per un pilota assente (chi ospita o gestisce il server)"
    ),
    "Download a finished race in the race notation": "Scarica una gara finita",
    "Server settings: default timer, allowed channels, threads": (
        "Impostazioni: timer, canali consentiti, thread"
    ),
    "A short rules reference": "Un breve riepilogo delle regole",
    "Track": "Pista",
    "Laps (default: the track's)": "Giri (predefinito: quelli della pista)",
    "Cars in the race, 2 to 6": "Auto in gara, da 2 a 6",
    "Fill empty seats with": "Riempi i posti vuoti con",
    "Turn timer in minutes": "Timer del turno in minuti",
    "Live or async race": "Gara dal vivo o asincrona",
    "AI level": "Livello IA",
    "Champion": "Campione",
    "The driver to replace": "Il pilota da sostituire",
    "Race number (default: the last finished here)": "Numero gara (predefinito: l'ultima qui)",
    "Default turn timer in minutes": "Timer predefinito in minuti",
    "How you are told a race waits for you": "Come ti avviso quando una gara ti aspetta",
    "Mention me in the race's thread": "Menzionami nel thread della gara",
    "Send me a direct message": "Mandami un messaggio diretto",
    "Nothing": "Niente",
    "A mention (default), a direct message, or nothing": (
        "Una menzione (predefinito), un messaggio diretto o niente"
    ),
    "Run each race in a thread of its own (default: on)": (
        "Ogni gara in un thread tutto suo (predefinito: sì)"
    ),
    "Allow races in this channel": "Consenti gare in questo canale",
    "Stop allowing races in this channel": "Non consentire più gare in questo canale",
    "Most races running at once in this server": "Massimo di gare in corso nel server",
    "Most lobbies open at once in this server": "Massimo di gare in attesa nel server",
    "Most leagues active at once in this server": "Massimo di campionati attivi nel server",
    "Championship leagues: seasons of races with points": ("Campionati: stagioni di gare a punti"),
    "Create a league in this channel": "Crea un campionato in questo canale",
    "League name": "Nome del campionato",
    "Season: a year's preset, your own tracks, or random": (
        "Stagione: un anno preimpostato, le tue piste, o casuale"
    ),
    "Custom season: track:event, comma separated (3 or more)": (
        "Stagione a scelta: pista:evento, separati da virgole (3 o più)"
    ),
    "Cars in each race, 2 to 6": "Auto in ogni gara, da 2 a 6",
    "Custom tracks": "Piste a scelta",
    "Random (4 tracks, random events)": "Casuale (4 piste, eventi casuali)",
    "Drive in this channel's league": "Partecipa al campionato di questo canale",
    "Leave this channel's league (between races)": "Esci dal campionato (tra una gara e l'altra)",
    "The league's races and their events": "Le gare del campionato e i loro eventi",
    "Start the league's next race here (draft first)": (
        "Avvia qui la prossima gara del campionato (prima il draft)"
    ),
    "The league's standings": "La classifica del campionato",
    "The league's finished races": "Le gare disputate del campionato",
    "End the league (Manage Server), keeping an export": (
        "Chiudi il campionato (gestione server), con un'esportazione"
    ),
    "Recreate a league here from its export file (Manage Server)": (
        "Ricrea qui un campionato dal suo file di esportazione (gestione server)"
    ),
    "The JSON file /league end posted": "Il file JSON pubblicato da /league end",
    "Correct a driver's points (Manage Server)": "Correggi i punti di un pilota (gestione server)",
    "The driver": "Il pilota",
    "Points to add (negative to take away)": "Punti da aggiungere (negativi per toglierli)",
    "Why (kept in the audit log)": "Perché (resta nel registro)",
    "Drop each driver's worst race from the standings (default: no)": (
        "Scarta dalla classifica la gara peggiore di ogni pilota (predefinito: no)"
    ),
    "Drop each driver's worst race, or count every race (creator or Manage Server)": (
        "Scarta la gara peggiore di ogni pilota, o conta tutte le gare (creatore o gestione server)"
    ),
    "On: drop each driver's worst race; off: count every race": (
        "Sì: scarta la gara peggiore di ogni pilota; no: conta tutte le gare"
    ),
    "On": "Sì",
    "A driver's points race by race (only you see it)": (
        "I punti di un pilota gara per gara (li vedi solo tu)"
    ),
    "The driver (default: you)": "Il pilota (predefinito: tu)",
    # league nights (issue 36)
    "Date the league's races (creator or Manage Server)": (
        "Programma le gare del campionato (creatore o gestione server)"
    ),
    "Date one race, or move it": "Programma una gara, o spostala",
    "Race number": "Numero della gara",
    "Day, as YYYY-MM-DD": "Giorno, come AAAA-MM-GG",
    "Start time, as HH:MM": "Ora di inizio, come HH:MM",
    "Time zone, e.g. Europe/Rome": "Fuso orario, per esempio Europe/Rome",
    "Date every race still to come": "Programma tutte le gare ancora da correre",
    "Day of the next race, as YYYY-MM-DD": "Giorno della prossima gara, come AAAA-MM-GG",
    "Days between races (default 7)": "Giorni tra una gara e l'altra (predefinito 7)",
    "Take a race's date away": "Togli la data a una gara",
    "The league's reserve drivers (creator or Manage Server)": (
        "I piloti di riserva del campionato (creatore o gestione server)"
    ),
    "List a reserve driver": "Aggiungi un pilota di riserva",
    "Take a reserve driver off the list": "Togli un pilota di riserva dall'elenco",
    "The reserve driver": "Il pilota di riserva",
    "Reminders and no-shows (creator or Manage Server); shown if none given": (
        "Promemoria e assenze (creatore o gestione server); senza opzioni, le mostra"
    ),
    "Hours before each race, e.g. 24, 1 (0 for none)": (
        "Ore prima di ogni gara, per esempio 24, 1 (0 per nessuno)"
    ),
    "Who drives for a driver who cannot come": "Chi guida per un pilota che non può esserci",
    "A reserve driver": "Un pilota di riserva",
    "Say whether you will race": "Di' se ci sarai alla gara",
    "Will you race?": "Ci sarai?",
    "Race number (default: the next race)": "Numero della gara (predefinito: la prossima)",
    "I'll race": "Ci sarò",
    "Can't make it": "Non posso",
    "A player's league stats across leagues": "Le statistiche di campionato di un giocatore",
    "The player": "Il giocatore",
    "Post a finished race as an animation": "Pubblica una gara finita come animazione",
    "Legends": "Leggende",
    "AI drivers": "Piloti IA",
    "Nobody": "Nessuno",
    "Live": "Dal vivo",
    "Async (over days)": "Asincrona (su più giorni)",
    "Garage upgrades: off, basic, advanced or both decks": (
        "Potenziamenti del garage: no, base, avanzati o entrambi i mazzi"
    ),
    "How the Garage upgrades are drafted": "Come si scelgono i potenziamenti del garage",
    "Weather and road conditions": "Meteo e condizioni della strada",
    "Off": "No",
    "Basic upgrades": "Potenziamenti base",
    "Advanced upgrades": "Potenziamenti avanzati",
    "Both decks": "Entrambi i mazzi",
    "3 rounds from the market": "3 turni dal mercato",
    "3 random cards each": "3 carte a caso a testa",
    "Snake draft": "Draft a serpentina",
}


def is_italian(locale: str | discord.Locale) -> bool:
    return str(locale).lower().startswith("it")


def t(key: str, locale: str | discord.Locale, **values: object) -> str:
    """The text for ``key`` in the user's language, with ``values`` filled in."""
    english, italian = TEXTS[key]
    return (italian if is_italian(locale) else english).format(**values)


def counted(key: str, n: int, locale: str | discord.Locale) -> str:
    """``n`` things in the user's language, singular for one and plural otherwise (English
    and Italian agree on that: "1 race", "0 races", "1 gara", "2 gare")."""
    one, other = t(key, locale, n=n).split("|")
    return one if n == 1 else other


def ordinal(place: int, locale: str | discord.Locale) -> str:
    """A place as an ordinal: "1st", "2nd" in English, "1º", "2º" in Italian."""
    return f"{place}º" if is_italian(locale) else english_ordinal(place)


class HeatTranslator(app_commands.Translator):
    """Italian descriptions and choice names for the slash commands."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.italian:
            return None
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            return None
        return COMMAND_TEXTS.get(string.message)
