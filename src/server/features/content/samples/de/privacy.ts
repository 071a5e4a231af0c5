/** Die Datenschutzerklärung, wie sie ausgeliefert wird: Beispieltext (decision 079). */
export const privacy = `# Datenschutzerklärung

Welche Daten wir erheben, wenn Sie unsere Website und unsere Server nutzen, warum wir sie brauchen, wie lange wir sie aufbewahren und welche Kontrolle Sie darüber haben.

## Wer wir sind

{{shop.name}} betreibt diese Website, den Kundenbereich und die Gameserver, die Sie bei uns mieten. Verantwortlicher für die hier beschriebenen personenbezogenen Daten ist {{seller.name}}, {{seller.address}} (Steuernummer {{seller.taxId}}): Wir entscheiden, wozu und wie sie verwendet werden, und stehen dafür ein.

Diese Erklärung gilt für Kunden, Besucher unserer Website und alle, die unserem Support-Team schreiben. Sie gilt nicht für das, was Sie mit den Daten der Spieler auf Ihrem eigenen Server machen; dafür sind Sie selbst verantwortlich.

## Welche Daten wir erheben

Wir erheben nur, was wir brauchen, um Ihre Server zu betreiben, Ihnen Rechnungen zu stellen und Ihnen zu helfen:

- Kontodaten: Ihre E-Mail-Adresse, Ihren Namen, wenn Sie ihn angeben, und Ihr Passwort, das wir nur als Einweg-Hash speichern.
- Abrechnungsdaten: Rechnungen, Zahlungen, Erstattungen, Kontoguthaben sowie Typ, die letzten vier Ziffern und das Ablaufdatum Ihrer gespeicherten Karten.
- Serverdaten: Servernamen, Einstellungen, hochgeladene Dateien, Konsolenausgaben und Backups.
- Supportdaten: Ihre Tickets, Antworten und Nachrichten über unser Kontaktformular.
- Technische Daten: IP-Adressen, Browsertyp, Anmeldezeiten und Sicherheitsereignisse wie fehlgeschlagene Anmeldungen.
- Empfehlungsdaten: der Empfehlungscode, mit dem Sie sich registriert haben, sowie Klicks und Registrierungen über Ihren eigenen Empfehlungslink.

## Wie wir Ihre Daten verwenden

Wir verwenden Ihre Daten, um:

- die bestellten Server einzurichten, zu betreiben, zu sichern und zu überwachen
- Ihnen Beträge zu berechnen, Rechnungen zu senden, fehlgeschlagene Zahlungen erneut zu versuchen und Erstattungen abzuwickeln
- Ihre Tickets und Nachrichten zu beantworten
- Service-E-Mails zu senden, etwa die Bestätigung der Registrierung, das Zurücksetzen des Passworts, Verlängerungserinnerungen und Störungsmeldungen
- Empfehlungen nachzuverfolgen und Partnerprovisionen auszuzahlen
- Konten und unser Netz vor Betrug und Missbrauch zu schützen
- zusammengefasst zu verstehen, welche Tarife und Funktionen genutzt werden, damit wir sie verbessern können

Wir verkaufen Ihre personenbezogenen Daten nicht und nutzen sie nicht für Werbung auf anderen Websites.

## Rechtsgrundlagen

Wo das Datenschutzrecht von uns verlangt, eine Rechtsgrundlage zu nennen, sind es diese:

- Vertrag: der Betrieb und die Abrechnung der Dienste, die Sie bestellt haben.
- Rechtliche Pflicht: die Aufbewahrung von Rechnungen und Zahlungsbelegen nach Steuer- und Buchhaltungsrecht.
- Berechtigte Interessen: die Sicherheit der Konten und unseres Netzes, die Verhinderung von Betrug und die Verbesserung des Dienstes.
- Einwilligung: optionale Produktneuigkeiten per E-Mail, die Sie jederzeit in Ihren Benachrichtigungseinstellungen abschalten können.

## Cookies

Wir verwenden so wenige Cookies wie möglich und keine für Werbung oder seitenübergreifendes Tracking:

- Sitzungscookies halten Sie angemeldet. Sie sind HttpOnly, sodass Skripte auf der Seite sie nicht lesen können, und werden nur an unsere eigene Website gesendet.
- Ein Empfehlungscookie merkt sich 90 Tage lang den Empfehlungscode aus einem Link, dem Sie gefolgt sind, damit die Person, die Sie empfohlen hat, bei Ihrer Registrierung angerechnet wird.

## Zahlungen

Kartenzahlungen wickelt unser Zahlungsanbieter auf seiner eigenen sicheren Bezahlseite ab. Ihre vollständige Kartennummer und Ihr Sicherheitscode gehen direkt an den Anbieter und berühren nie unsere Server.

Wir erhalten eine Referenz auf Ihre gespeicherte Karte, ihre Marke, die letzten vier Ziffern und das Ablaufdatum sowie das Ergebnis jeder Zahlung. Das brauchen wir, um Verlängerungen abzurechnen und Ihren Abrechnungsverlauf anzuzeigen.

## An wen wir Daten weitergeben

Wir geben Daten nur an die Personen und Dienste weiter, die sie für ihren Teil der Arbeit brauchen:

- unseren Zahlungsanbieter, um Zahlungen einzuziehen und Erstattungen auszuführen
- unseren E-Mail-Versanddienst, um Service-E-Mails zu senden
- die Rechenzentren und Netzbetreiber, bei denen unsere Maschinen stehen
- professionelle Berater wie Steuerberater, wenn sie die Daten für ihre Arbeit brauchen
- Behörden, wenn das Gesetz es verlangt, und nur so weit, wie es verlangt

Haben Sie sich über einen Empfehlungslink registriert, sieht die Person, die Sie empfohlen hat, die Empfehlung in ihrem Partner-Dashboard mit wenigen Angaben, etwa einem teilweise verborgenen Namen oder einer teilweise verborgenen E-Mail-Adresse, dem Tarif und der Provision. Ihre Zahlungsdaten sieht sie nie.

Ihre Serveradresse ist naturgemäß öffentlich: Jeder, dem Sie sie geben oder der sie in einer Serverliste findet, kann sich damit verbinden.

## Wie lange wir Daten aufbewahren

Wir bewahren Daten nur so lange auf, wie sie einen Zweck erfüllen:

- Kontodaten: solange Ihr Konto besteht; sie werden gelöscht, wenn Sie es schließen, bis auf das, was wir gesetzlich aufbewahren müssen.
- Serverdateien: solange der Dienst läuft. Nach {{rules.deleteAfterDays}} Tagen ohne Zahlung werden ein Server und seine Backups endgültig gelöscht.
- Backups gekündigter Dienste: nach dem Ende des Dienstes {{rules.backupKeptAfterCancelDays}} Tage lang zum Herunterladen verfügbar, danach gelöscht.
- Rechnungen und Zahlungsbelege: so lange, wie Steuer- und Buchhaltungsrecht es verlangen.
- Supportgespräche: solange Ihr Konto besteht, damit wir den Verlauf kennen, wenn Sie uns wieder schreiben.
- Sicherheitsprotokolle: nur so lange, wie wir sie brauchen, um Missbrauch aufzuklären und Konten zu schützen.

## Wie wir Ihre Daten schützen

Verbindungen zu unserer Website und zum Kundenbereich sind verschlüsselt. Passwörter speichern wir nur als langsame, gesalzene Hashes, sodass niemand in unserem Unternehmen sie lesen kann. Ihre Sitzung liegt in einem HttpOnly-Cookie, das Skripte auf der Seite nicht lesen können, und in Ihren Sicherheitseinstellungen können Sie sich auf einen Schlag von allen Sitzungen abmelden.

Mit jeder Authenticator-App können Sie die Zwei-Faktor-Anmeldung einrichten. Unsere Mitarbeiter sehen Kundendaten nur, wenn ihre Rolle es erfordert, etwa um Ihr Ticket zu beantworten.

Sollte eine Datenpanne Ihre personenbezogenen Daten gefährden, informieren wir Sie und die zuständigen Behörden so, wie das Gesetz es verlangt.

## Ihre Rechte

Je nachdem, wo Sie leben, haben Sie das Recht:

- eine Kopie der personenbezogenen Daten zu erhalten, die wir über Sie speichern
- unrichtige Daten berichtigen zu lassen
- Ihre Daten löschen zu lassen, bis auf das, was wir gesetzlich aufbewahren müssen
- Ihre Daten in einem übertragbaren Format zu erhalten
- einzelnen Verwendungen Ihrer Daten zu widersprechen oder ihre Einschränkung zu verlangen
- eine erteilte Einwilligung zu widerrufen, etwa für Produktneuigkeiten
- sich bei Ihrer örtlichen Datenschutzbehörde zu beschweren

Die meisten Angaben können Sie selbst in Ihren Kontoeinstellungen ändern. Für alles andere eröffnen Sie ein Ticket oder nutzen Sie die Support-Seite. Wir antworten innerhalb eines Monats.

## Kinder

Unsere Dienste richten sich nicht an Kinder. Konten muss jemand eröffnen, der mindestens 18 Jahre alt ist, oder ein Elternteil oder Vormund, der die Verantwortung dafür übernimmt. Spieler jeden Alters können einem Server beitreten, aber wir erheben keine personenbezogenen Daten von ihnen; was ein Server aufzeichnet, entscheidet sein Betreiber.

Erfahren wir, dass wir personenbezogene Daten eines Kindes unter 13 Jahren ohne Zustimmung eines Elternteils oder Vormunds gespeichert haben, löschen wir sie.

## Änderungen und Kontakt

Ändern wir diese Erklärung, aktualisieren wir das Datum oben auf dieser Seite, und wenn eine Änderung für Sie wichtig ist, schicken wir Ihnen vor ihrem Inkrafttreten eine E-Mail.

Fragen zu Ihren Daten, oder möchten Sie eines Ihrer Rechte nutzen? Eröffnen Sie ein Ticket in Ihrem Kundenbereich oder schreiben Sie uns über die Support-Seite.

[Support kontaktieren](/support)
`;
