/** Die Seite „Über uns“, wie sie ausgeliefert wird: Beispieltext (decision 079). */
export const about = `# Von Spielern gebaut, betrieben wie Infrastruktur

{{shop.name}} gibt es, damit sich ein eigener Gameserver wie Spielen anfühlt und nicht wie das Babysitten einer Maschine.

## Unsere Geschichte

Wir haben {{shop.name}} gegründet, nachdem wir jahrelang eigene Community-Server betrieben hatten: Survival-Welten, die einem alten Zweit-PC über den Kopf wuchsen, Roleplay-Städte, die nur dank nächtlicher Neustarts zusammenhielten, und Freunde, die fragten, warum der Server schon wieder down ist. Wir wussten, was wir von einem Hoster wollten, und fanden es einfach nicht.

Also haben wir es selbst gebaut. Server, die ein paar Minuten nach der Zahlung von allein online gehen. Preise, die man auf einen Blick versteht, ohne Aufschläge an der Kasse. Ein Kundenbereich, der Ihnen Konsole, Backups und Neustart-Knopf gibt, statt sie zu verstecken.

## Woran wir glauben

- **Spieler zuerst.** Jede Entscheidung beginnt bei den Leuten auf Ihrem Server: niedriger Ping, stabile Tickrate und Neustarts dann, wenn niemand online ist.
- **Ehrliche Preise.** Der Preis auf der Seite ist der Preis, den Sie zahlen. Längere Laufzeiten bekommen einen klaren Rabatt, Einrichtungsgebühren gibt es nicht.
- **Ihr Server, Ihre Daten.** Voller Dateizugriff, Backups zum Herunterladen und keine Bindung. Wenn Sie gehen, nehmen Sie Ihre Welt mit.

## Versprechen, an denen Sie uns messen können

- Eine {{rules.refundWindowHours}}-Stunden-Geld-zurück-Garantie auf jeden neuen Dienst: siehe [Rückerstattungsrichtlinie](/refund).
- Gutschriften, wenn wir die zugesagte Verfügbarkeit verfehlen, einzufordern innerhalb von {{rules.slaClaimWithinDays}} Tagen: siehe [Service Level Agreement](/sla).
- Mindestens {{rules.priceChangeNoticeDays}} Tage Vorlauf, bevor eine Preisänderung Ihre Verlängerungen erreicht: siehe [Nutzungsbedingungen](/terms).
- Ihr letztes Backup bleibt nach einer Kündigung {{rules.backupKeptAfterCancelDays}} Tage erhalten: siehe [Datenschutzerklärung](/privacy).
`;
