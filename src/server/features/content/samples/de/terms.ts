/** Die Nutzungsbedingungen, wie sie ausgeliefert werden: Beispieltext (decision 079). */
export const terms = `# Nutzungsbedingungen

Die Regeln, die gelten, wenn Sie bei {{shop.name}} einen Gameserver mieten: geschrieben, um gelesen zu werden, nicht um sie wegzuklicken.

## Annahme dieser Bedingungen

Diese Nutzungsbedingungen sind die Vereinbarung zwischen Ihnen und {{seller.name}}, {{seller.address}} (Steuernummer {{seller.taxId}}), dem Betreiber von {{shop.name}}. Sie gelten, wenn Sie ein Konto anlegen, einen Gameserver bestellen, ein Upgrade-Paket kaufen oder unsere Website und Ihren Kundenbereich nutzen. Mit jeder dieser Handlungen nehmen Sie diese Bedingungen an.

Nehmen Sie sie für ein Team, einen Clan, eine Community oder ein Unternehmen an, bestätigen Sie, dass Sie dazu berechtigt sind und dass auch diese daran gebunden sind.

Um ein Konto anzulegen und für Dienste zu bezahlen, müssen Sie mindestens 18 Jahre alt sein oder einen Elternteil oder Vormund haben, der diese Bedingungen annimmt und die Verantwortung für das Konto übernimmt.

## Ihr Konto

Sie sind dafür verantwortlich, Ihre Anmeldedaten sicher aufzubewahren, und für alles, was über Ihr Konto geschieht, auch durch Personen, denen Sie Zugriff auf Ihren Server oder sein Game-Panel geben. Wir empfehlen dringend, in den Kontoeinstellungen die Zwei-Faktor-Anmeldung einzuschalten.

Halten Sie Ihre E-Mail-Adresse aktuell. Rechnungen, Verlängerungserinnerungen, Warnungen zu fehlgeschlagenen Zahlungen und Sperrhinweise gehen an diese Adresse, und eine dorthin gesendete Nachricht gilt als zugestellt.

Ein Konto pro Person oder Organisation. Eröffnen Sie keine weiteren Konten, um eine Sperre zu umgehen oder um Empfehlungsprovision auf Ihre eigenen Käufe zu verdienen.

## Unsere Dienste

{{shop.name}} vermietet Gameserver für Minecraft, FiveM und Palworld. Jeder Server erhält den Arbeitsspeicher, die vCPUs und den Speicherplatz des gewählten Tarifs am gewählten Standort. Add-ons und Upgrade-Pakete erweitern einen Server um die auf ihren Seiten beschriebenen Funktionen.

Die Einrichtung eines Servers beginnt, sobald Ihre Zahlung bestätigt ist, und dauert meist 1–3 Minuten. Den Fortschritt können Sie in Ihrem Kundenbereich verfolgen.

Wir können einen Server innerhalb desselben Standorts auf eine andere Maschine verlegen, um Wartungsarbeiten durchzuführen oder die Leistung stabil zu halten. Dabei unterbrechen wir so wenig wie möglich und sagen Ihnen vorher Bescheid, wenn ein Neustart nötig ist.

Können wir einen bezahlten Server nicht einrichten und das Problem nicht beheben, erstatten wir diese Zahlung vollständig.

## Abrechnung und Verlängerung

Preise werden vor der Zahlung mit ihrer Währung angezeigt. Sie zahlen im Voraus für die gewählte Laufzeit: monatlich, 3 Monate, 6 Monate oder 12 Monate. Für längere Laufzeiten gilt der vor der Zahlung angezeigte Rabatt. Steuern kommen hinzu, wo das Gesetz es verlangt.

Jeder Dienst verlängert sich am Ende seiner Laufzeit automatisch und wird über Ihre gespeicherte Zahlungsmethode abgerechnet, sofern Sie nicht vorher kündigen. Zu jeder Abbuchung gibt es eine Rechnung in Ihrem Kundenbereich.

Wir können unsere Preise ändern. Ein neuer Preis gilt für einen bestehenden Dienst erst ab der ersten Verlängerung, die mindestens {{rules.priceChangeNoticeDays}} Tage nach unserer E-Mail zur Änderung liegt. So bleibt Ihnen immer Zeit, den Tarif zu wechseln oder zu kündigen.

## Fehlgeschlagene Zahlungen, Sperrung und Löschung

Schlägt eine Verlängerungszahlung fehl, schicken wir Ihnen sofort eine E-Mail. Sie können jederzeit auf der Abrechnungsseite Ihres Kundenbereichs Ihre Zahlungsmethode ändern und die offene Rechnung bezahlen.

- Nach {{rules.paymentRetryDays}} Tagen versuchen wir die Zahlung automatisch erneut.
- Nach {{rules.suspendAfterDays}} Tagen ohne Zahlung wird der Dienst gesperrt: Der Server wird gestoppt und lässt sich nicht starten, seine Dateien bleiben aber erhalten. Sobald die Rechnung bezahlt ist, wird er wieder freigegeben.
- Nach {{rules.deleteAfterDays}} Tagen ohne Zahlung wird der Dienst beendet, und seine Dateien und Backups werden endgültig gelöscht. Danach können wir sie nicht wiederherstellen.

## Kündigung, Rückerstattung und Backups

Sie können einen Dienst jederzeit in Ihrem Kundenbereich kündigen. Die Kündigung wird zum Ende der bereits bezahlten Laufzeit wirksam, bis dahin läuft der Server weiter. Den ungenutzten Teil einer Laufzeit erstatten wir nicht, außer im Rahmen unserer Geld-zurück-Garantie.

Für neue Dienste gilt eine {{rules.refundWindowHours}}-Stunden-Geld-zurück-Garantie. Genehmigte Erstattungen gehen an Ihre ursprüngliche Zahlungsmethode zurück und sind nach {{rules.refundProcessingDays}} Werktagen da.

Endet ein gekündigter Dienst, bleibt sein letztes Backup {{rules.backupKeptAfterCancelDays}} Tage lang in Ihrem Kundenbereich zum Herunterladen verfügbar. Danach wird es endgültig gelöscht; laden Sie also alles herunter, was Sie behalten möchten.

[Die vollständige Rückerstattungsrichtlinie lesen](/refund)

## Zulässige Nutzung

Ihr Server ist dafür da, Ihr Spiel und die zugehörigen Werkzeuge zu betreiben. Sie dürfen ihn nicht für Folgendes nutzen und auch niemand anderen dafür nutzen lassen:

- Angriffe auf andere Server oder Netze, deren Scannen oder Fluten, einschließlich DDoS-„Stresstests“ von allem, was Ihnen nicht gehört
- Kryptowährungs-Mining, offene Proxys, Massen-E-Mails oder jede Last, die kein Gameserver oder dessen Hilfswerkzeug ist
- das Hosten oder Verbreiten von Schadsoftware, gestohlenen Konten, geleakten oder raubkopierten Ressourcen oder Inhalten, die dort illegal sind, wo Sie oder wir tätig sind
- das Belästigen, Bedrohen oder Doxxen von Spielern oder einen Server, der auf Hass oder Missbrauch ausgerichtet ist
- Verstöße gegen die Lizenzbedingungen oder Community-Regeln des Spiels, das Sie betreiben

Bedroht etwas unser Netz, andere Kunden oder das Gesetz, können wir einen Server sofort sperren und Ihnen danach den Grund nennen. Bei kleineren Problemen melden wir uns zuerst und geben Ihnen die Gelegenheit, sie zu beheben.

## Ihre Inhalte und Spiellizenzen

Welten, Konfigurationsdateien, Plugins, Mods, Skripte und alles andere, was Sie hochladen, bleiben Ihr Eigentum. Sie räumen uns nur die Rechte ein, die wir brauchen, um sie zu speichern, zu sichern und auszuführen und so den Dienst zu erbringen.

Sie sind dafür verantwortlich, dass Sie das Hochgeladene nutzen dürfen und dass Sie die Regeln des Herausgebers für das gehostete Spiel einhalten, etwa das Minecraft End User License Agreement und seine Regeln zur Monetarisierung, die Plattformbedingungen von Cfx.re für FiveM und die Bedingungen für dedizierte Palworld-Server.

Wir durchsuchen Ihre Dateien nicht, gehen aber begründeten Meldungen über illegale Inhalte oder Urheberrechtsverletzungen nach. Das kann bedeuten, dass wir die Inhalte oder den Server deaktivieren.

## Verfügbarkeit und Haftung

Für unsere Verfügbarkeit stehen wir mit dem Service Level Agreement ein. Die dort beschriebenen Gutschriften sind Ihr Ausgleich für Ausfallzeiten.

Bewahren Sie eigene Kopien von allem Wichtigen auf. Backups, auch die des Add-ons für automatische Backups, sind ein Sicherheitsnetz und keine Garantie gegen jede Art von Verlust.

Soweit gesetzlich zulässig, ist unsere Gesamthaftung für jeden Anspruch auf den Betrag begrenzt, den Sie uns in den zwölf Monaten vor dem anspruchsbegründenden Ereignis für den betroffenen Dienst gezahlt haben, und wir haften nicht für mittelbare Schäden wie verlorenen Spielfortschritt, Spenden oder Einnahmen. Nichts in diesen Bedingungen beschränkt eine Haftung, die gesetzlich nicht beschränkt werden kann.

[Das Service Level Agreement lesen](/sla)

## Änderungen dieser Bedingungen und Kontakt

Wir können diese Bedingungen anpassen, wenn der Dienst wächst. Betrifft Sie eine Änderung, schicken wir Ihnen eine E-Mail, bevor sie wirksam wird, und das Datum oben auf dieser Seite zeigt immer die aktuelle Fassung. Nutzen Sie den Dienst nach Inkrafttreten einer Änderung weiter, gelten die neuen Bedingungen.

Fragen zu diesen Bedingungen? Eröffnen Sie ein Ticket in Ihrem Kundenbereich oder schreiben Sie uns über die Support-Seite, und ein echter Mensch antwortet Ihnen.

[Support kontaktieren](/support)
`;
