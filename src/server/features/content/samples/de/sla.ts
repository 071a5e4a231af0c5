/** Das Service Level Agreement, wie es ausgeliefert wird: Beispieltext (decision 079). */
export const sla = `# Service Level Agreement

Wie viel Verfügbarkeit {{shop.name}} garantiert, wie wir sie messen und welche Gutschrift Sie bekommen, wenn wir sie nicht erreichen.

## Geltungsbereich

Diese Vereinbarung gilt für die Verfügbarkeit der Gameserver, die Sie bei {{shop.name}} mieten: die Maschine, auf der Ihr Server läuft, ihre Stromversorgung und das Netz, das sie mit Ihren Spielern verbindet. Sie gilt für jeden über unsere Website bestellten Server.

## Verfügbarkeitsgarantie

Unser Ziel ist, jeden Server in jedem Kalendermonat mindestens zu {{rules.slaUptimeTarget}} verfügbar zu halten. Liegt ein Server darunter, bekommen Sie eine Gutschrift, wie unter Gutschriften beschrieben.

## Wie wir die Verfügbarkeit messen

Eine Ausfallzeit beginnt, wenn wir feststellen, dass ein Server wegen eines Fehlers auf unserer Seite nicht erreichbar ist oder nicht startet, und endet, wenn der Dienst wiederhergestellt ist. Unsere Statusseite zeigt, was unsere eigenen Prüfungen messen. Für jeden Server zählen die Prüfungen der Maschine, auf der er läuft: Seine Verfügbarkeit im Monat ist der Anteil dieser Prüfungen, bei denen die Maschine geantwortet hat.

Die Verfügbarkeit wird pro Server und Kalendermonat berechnet. Zeiten, die diese Vereinbarung ausnimmt, zählen nicht als Ausfallzeit.

## Gutschriften

Fällt die monatliche Verfügbarkeit eines Servers unter einen Schwellenwert, bekommen Sie eine Gutschrift in Höhe eines Anteils seiner Monatsgebühr:

{{rules.slaCreditTable}}

Es gilt nur die höchste zutreffende Gutschrift, und die Gutschriften für einen Monat übersteigen nie dessen Gebühr. Gutschriften werden Ihrem Kontoguthaben hinzugefügt und automatisch mit Ihren nächsten Rechnungen verrechnet; sie werden nicht bar ausgezahlt.

## So fordern Sie eine Gutschrift an

Fordern Sie eine Gutschrift an, indem Sie nach Ablauf des Monats, spätestens {{rules.slaClaimWithinDays}} Tage nach seinem Ende, in Ihrem Kundenbereich ein Ticket zur Abrechnung eröffnen. Sagen Sie uns, welcher Server betroffen war und ungefähr wann das Problem auftrat.

Wir prüfen Ihren Antrag anhand unserer Überwachungsdaten und antworten im Ticket. Genehmigte Gutschriften erscheinen sofort in Ihrem Kontoguthaben.

## Ausnahmen

Ausfallzeiten zählen nicht für die Garantie, wenn sie verursacht werden durch:

- vorab angekündigte, geplante Wartung
- Ihre eigenen Mods, Plugins, Skripte, Ressourcen oder Konfigurationen, einschließlich Abstürzen und Lag, die sie verursachen
- Spielupdates des Herausgebers, die einen Server oder seine Erweiterungen beschädigen
- Ihre eigenen Aktionen, etwa das Stoppen, Neustarten oder Neuinstallieren Ihres Servers
- eine Sperrung wegen unbezahlter Rechnungen oder wegen eines Verstoßes gegen unsere Nutzungsbedingungen
- Ausfälle von Drittdiensten, auf die Ihr Spiel angewiesen ist, etwa die Anmeldung bei Mojang oder Microsoft, Steam, Cfx.re oder Discord, oder Probleme mit der eigenen Verbindung eines Spielers
- Ereignisse außerhalb unserer zumutbaren Kontrolle, etwa Naturkatastrophen oder großflächige Internetausfälle

## Antwortzeiten im Support

Das sind unsere Ziele für eine erste Antwort von einem Menschen, je nach Art der Frage: technische Fragen, auch zu einem ausgefallenen Server, {{rules.supportTechnicalReply}}; Abrechnung {{rules.supportBillingReply}}; Vertrieb {{rules.supportSalesReply}}. Es sind Ziele, keine Garantie: Eine spätere Antwort begründet keine Gutschrift.

## Geplante Wartung

Geplante Wartung kündigen wir vorher per E-Mail und auf unserer Statusseite an und legen sie in die ruhigsten Stunden der betroffenen Region. Die meisten Wartungen brauchen nicht mehr als einen einzigen Neustart des Servers.

Dringende Sicherheitsupdates können auch kurzfristig nötig sein. Verursachen sie eine Ausfallzeit, zählt diese zu Ihrer Verfügbarkeit.

[Zur Statusseite](/status)

## Änderungen dieser Vereinbarung

Wir senken Ihre Garantie nie mitten in einer bereits bezahlten Laufzeit. Änderungen dieser Vereinbarung gelten ab Ihrer nächsten Verlängerung, und wir schicken Ihnen vorher eine E-Mail.

[Support kontaktieren](/support)
`;
