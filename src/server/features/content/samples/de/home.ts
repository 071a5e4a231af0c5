/** Die Startseite, wie sie ausgeliefert wird: Beispieltext (decision 079). */
export const home = `# Ihr eigener Gameserver, startklar in Sekunden

Server für Minecraft, FiveM und Palworld: eingerichtet, sobald Sie bezahlt haben, und betreut von {{shop.name}}.

## DDoS-Schutz

Jeder Server liegt hinter einem Filter. So beendet niemand mit einem Skript und einem Groll Ihren Spieleabend.

## Support von Leuten, die selbst spielen

Hängen Sie an einem Plugin, einem Mod-Konflikt oder einer Absturzschleife fest? Eröffnen Sie ein Ticket und sprechen Sie mit jemandem, der sich auskennt.

## Verfügbarkeit, schriftlich zugesagt

Unser Service Level Agreement sagt, was wir garantieren und welche Gutschrift Sie bekommen, wenn wir es nicht schaffen.
`;
