/** La política de reembolso tal como se entrega: texto de ejemplo (decision 079). */
export const refund = `# Política de reembolso

Pruebe {{shop.name}} sin riesgo: si un servidor nuevo no es lo que buscaba, díganoslo en un plazo de {{rules.refundWindowHours}} horas y le devolvemos su dinero.

## Garantía de devolución de {{rules.refundWindowHours}} horas

Cada servicio nuevo incluye una garantía de devolución de {{rules.refundWindowHours}} horas. Si lo solicita en las {{rules.refundWindowHours}} horas siguientes a su primer pago por ese servicio, le reembolsamos ese pago íntegramente. No tiene que dar ningún motivo, aunque nos gustaría saber qué no le ha funcionado.

Los reembolsos vuelven al método de pago que utilizó y tardan {{rules.refundProcessingDays}} días hábiles en llegar, según su banco.

## Qué cubre la garantía

La garantía se aplica a:

- el primer pago de un servidor de juegos nuevo, sea cual sea el plan, la ubicación y el periodo de facturación elegidos, incluidos los complementos contratados con él
- el primer pago de un paquete de mejora

## Qué no cubre

La garantía no se aplica a:

- solicitudes hechas más de {{rules.refundWindowHours}} horas después del pago
- pagos de renovación; cancele antes de la fecha de renovación si no quiere el siguiente periodo
- servicios suspendidos o dados de baja por incumplir nuestros términos del servicio
- cuentas que contratan y piden el reembolso de servicios una y otra vez para tener hosting gratis

Cuando la ley de su país le otorgue más derechos que esta política, esos derechos también se aplican.

## Si su servidor no se puede configurar

Los servidores nuevos suelen estar listos en 1-3 minutos. Si falla la configuración de su servidor, nuestro equipo recibe un aviso y se pone a ello de inmediato. Si no podemos solucionarlo, le reembolsamos el pago íntegramente, ocurra cuando ocurra y haya pasado o no el plazo de {{rules.refundWindowHours}} horas.

## Cómo solicitar un reembolso

Cancelar un servicio no es lo mismo que pedir un reembolso. Para pedirlo, abra un ticket desde la página de Soporte de su panel con la categoría Facturación, o envíe un mensaje desde nuestra página de soporte pública. Indíquenos a qué servidor o paquete se refiere.

Confirmamos el reembolso por correo electrónico. Un servicio reembolsado se cancela de inmediato y sus archivos se eliminan, así que descargue todo lo que quiera conservar antes de solicitarlo.

[Contactar con soporte](/support)

## Cuándo recibe su dinero

Una vez aprobado el reembolso, el dinero vuelve a la tarjeta o al método de pago con el que pagó. Su banco o el emisor de su tarjeta tarda {{rules.refundProcessingDays}} días hábiles en mostrarlo en su cuenta. La factura reembolsada aparece marcada como reembolsada en su historial de facturación.

## Cancelar sin reembolso

Puede cancelar cualquier servicio en cualquier momento desde su panel. Sigue funcionando hasta el final del periodo pagado y no se renueva. No reembolsamos la parte no utilizada de un periodo de facturación.

Cuando termina un servicio cancelado, su última copia de seguridad sigue disponible para descargar durante {{rules.backupKeptAfterCancelDays}} días.

Si subimos el precio de su plan, se lo comunicamos al menos {{rules.priceChangeNoticeDays}} días antes de que se aplique, para que tenga tiempo de cancelar antes de pagar el nuevo precio.

## Pagos fallidos

Si falla un pago de renovación, lo volvemos a intentar a los {{rules.paymentRetryDays}} días. Un servicio sin pagar durante {{rules.suspendAfterDays}} días se suspende, y uno sin pagar durante {{rules.deleteAfterDays}} días se elimina junto con sus copias de seguridad. Si paga la factura pendiente antes de esa fecha, el servidor suspendido se reactiva. El tiempo que un servicio pasa suspendido no se reembolsa ni se añade a su periodo de facturación.

## Contracargos

Hable con nosotros antes de disputar un pago con su banco: un reembolso a través de nosotros es más rápido para usted. Mientras haya un contracargo abierto, los servicios que cubre pueden quedar suspendidos.

## Comisiones de referidos

La comisión de afiliado sobre un pago solo pasa a ser pagadera cuando ha vencido su plazo de reembolso de {{rules.refundWindowHours}} horas. Si un pago se reembolsa, la comisión correspondiente se cancela.
`;
