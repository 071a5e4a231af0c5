/** Die Rückerstattungsrichtlinie, wie sie ausgeliefert wird: Beispieltext (decision 079). */
export const refund = `# Rückerstattungsrichtlinie

Probieren Sie {{shop.name}} ohne Risiko aus: Passt ein neuer Server nicht zu Ihnen, sagen Sie uns innerhalb von {{rules.refundWindowHours}} Stunden Bescheid, und Sie bekommen Ihr Geld zurück.

## {{rules.refundWindowHours}}-Stunden-Geld-zurück-Garantie

Für jeden neuen Dienst gilt eine {{rules.refundWindowHours}}-Stunden-Geld-zurück-Garantie. Fragen Sie innerhalb von {{rules.refundWindowHours}} Stunden nach der ersten Zahlung für ihn, erstatten wir diese Zahlung vollständig. Einen Grund müssen Sie nicht nennen, auch wenn wir gern hören, was für Sie nicht gepasst hat.

Erstattungen gehen an die Zahlungsmethode zurück, mit der Sie bezahlt haben, und brauchen je nach Bank {{rules.refundProcessingDays}} Werktage.

## Was die Garantie abdeckt

Die Garantie gilt für:

- die erste Zahlung für einen neuen Gameserver, egal welcher Tarif, Standort und welche Laufzeit, einschließlich der mitbestellten Add-ons
- die erste Zahlung für ein Upgrade-Paket

## Was sie nicht abdeckt

Die Garantie gilt nicht für:

- Anfragen, die später als {{rules.refundWindowHours}} Stunden nach der Zahlung kommen
- Verlängerungszahlungen; kündigen Sie vor Ihrem Verlängerungsdatum, wenn Sie die nächste Laufzeit nicht möchten
- Dienste, die wegen eines Verstoßes gegen unsere Nutzungsbedingungen gesperrt oder beendet wurden
- Konten, die wiederholt Dienste bestellen und erstatten lassen, um kostenlos zu hosten

Gibt Ihnen das Recht Ihres Landes mehr Rechte als diese Richtlinie, gelten diese Rechte zusätzlich.

## Wenn Ihr Server nicht eingerichtet werden kann

Neue Server sind meist in 1–3 Minuten bereit. Schlägt die Einrichtung Ihres Servers fehl, wird unser Team benachrichtigt und kümmert sich sofort darum. Können wir es nicht beheben, erstatten wir Ihre Zahlung vollständig, ganz gleich wann das passiert und ob das {{rules.refundWindowHours}}-Stunden-Fenster schon vorbei ist.

## So beantragen Sie eine Erstattung

Einen Dienst zu kündigen ist nicht dasselbe wie eine Erstattung zu beantragen. Für eine Erstattung eröffnen Sie auf der Support-Seite Ihres Kundenbereichs ein Ticket mit der Kategorie Abrechnung oder schicken Sie uns eine Nachricht über unsere öffentliche Support-Seite. Sagen Sie uns, um welchen Server oder welches Paket es geht.

Wir bestätigen die Erstattung per E-Mail. Ein erstatteter Dienst wird sofort gekündigt und seine Dateien werden gelöscht; laden Sie also vorher alles herunter, was Sie behalten möchten.

[Support kontaktieren](/support)

## Wann Sie Ihr Geld bekommen

Sobald wir eine Erstattung genehmigt haben, geht das Geld an die Karte oder Zahlungsmethode zurück, mit der Sie bezahlt haben. Ihre Bank oder Ihr Kartenaussteller braucht {{rules.refundProcessingDays}} Werktage, bis es auf Ihrem Konto erscheint. Die erstattete Rechnung wird in Ihrem Abrechnungsverlauf als erstattet markiert.

## Kündigen ohne Erstattung

Sie können jeden Dienst jederzeit in Ihrem Kundenbereich kündigen. Er läuft bis zum Ende der bezahlten Laufzeit weiter und wird nicht verlängert. Den ungenutzten Teil einer Laufzeit erstatten wir nicht.

Nach dem Ende eines gekündigten Dienstes bleibt sein letztes Backup {{rules.backupKeptAfterCancelDays}} Tage lang zum Herunterladen verfügbar.

Erhöhen wir den Preis Ihres Tarifs, sagen wir Ihnen das mindestens {{rules.priceChangeNoticeDays}} Tage vorher, damit Sie Zeit haben, vor der Zahlung des neuen Preises zu kündigen.

## Fehlgeschlagene Zahlungen

Schlägt eine Verlängerungszahlung fehl, versuchen wir es nach {{rules.paymentRetryDays}} Tagen erneut. Ein Dienst, der {{rules.suspendAfterDays}} Tage unbezahlt ist, wird gesperrt, und einer, der {{rules.deleteAfterDays}} Tage unbezahlt ist, wird samt seinen Backups gelöscht. Wird die offene Rechnung vorher bezahlt, wird ein gesperrter Server wieder freigegeben. Die Zeit, in der ein Dienst gesperrt ist, wird weder erstattet noch seiner Laufzeit hinzugefügt.

## Rückbuchungen

Bitte sprechen Sie mit uns, bevor Sie eine Zahlung bei Ihrer Bank anfechten: Eine Erstattung über uns geht für Sie schneller. Solange eine Rückbuchung offen ist, können die betroffenen Dienste gesperrt werden.

## Empfehlungsprovisionen

Die Partnerprovision auf eine Zahlung wird erst fällig, wenn deren {{rules.refundWindowHours}}-Stunden-Erstattungsfenster abgelaufen ist. Wird eine Zahlung erstattet, entfällt die Provision darauf.
`;
