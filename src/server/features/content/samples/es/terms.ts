/** Los términos del servicio tal como se entregan: texto de ejemplo (decision 079). */
export const terms = `# Términos del servicio

Las reglas que se aplican cuando alquila un servidor de juegos en {{shop.name}}, escritas para leerlas, no para saltarlas.

## Aceptación de estos términos

Estos términos del servicio son el acuerdo entre usted y {{seller.name}}, {{seller.address}} (identificación fiscal {{seller.taxId}}), que gestiona {{shop.name}}. Se aplican cuando crea una cuenta, contrata un servidor de juegos, compra un paquete de mejora o usa nuestro sitio web y su panel de cliente. Al hacer cualquiera de estas cosas, acepta estos términos.

Si los acepta en nombre de un equipo, clan, comunidad o empresa, confirma que tiene autorización para hacerlo y que estos también quedan obligados por ellos.

Para crear una cuenta y pagar servicios debe tener al menos 18 años, o contar con un padre, madre o tutor que acepte estos términos y se haga responsable de la cuenta.

## Su cuenta

Usted es responsable de mantener seguros sus datos de acceso y de todo lo que se haga desde su cuenta, incluso por las personas a las que da acceso a su servidor o a su panel de juego. Le recomendamos encarecidamente activar el inicio de sesión en dos pasos en los ajustes de su cuenta.

Mantenga actualizada su dirección de correo electrónico. Allí enviamos facturas, recordatorios de renovación, avisos de pagos fallidos y avisos de suspensión, y consideramos entregado cualquier mensaje enviado a esa dirección.

Una cuenta por persona u organización. No abra cuentas adicionales para eludir una suspensión ni para ganar comisiones de referidos con sus propias compras.

## Nuestros servicios

{{shop.name}} alquila servidores de juegos para Minecraft, FiveM y Palworld. Cada servidor recibe la memoria, las vCPU y el almacenamiento del plan que elija, en la ubicación que elija. Los complementos y los paquetes de mejora amplían un servidor con las funciones descritas en sus páginas.

La configuración de un servidor empieza en cuanto se confirma su pago y suele tardar 1-3 minutos. Puede seguir el progreso desde su panel.

Podemos trasladar un servidor a otra máquina de la misma ubicación para hacer mantenimiento o mantener un rendimiento estable. Lo hacemos con la menor interrupción posible y le avisamos con antelación cuando hace falta un reinicio.

Si no podemos configurar un servidor que ha pagado y no logramos resolver el problema, le reembolsamos ese pago íntegramente.

## Facturación y renovaciones

Los precios se muestran en su moneda antes del pago. Paga por adelantado el periodo de facturación que elija: mensual, 3 meses, 6 meses o 12 meses. Los periodos más largos llevan el descuento que se muestra antes de pagar. Los impuestos se añaden cuando la ley lo exige.

Cada servicio se renueva automáticamente al final de su periodo de facturación y se cobra en su método de pago guardado, salvo que lo cancele antes. Cada cargo va acompañado de una factura en su panel.

Podemos cambiar nuestros precios. Un precio nuevo solo se aplica a un servicio existente a partir de su primera renovación que tenga lugar al menos {{rules.priceChangeNoticeDays}} días después de que le enviemos un correo sobre el cambio, de modo que siempre tenga tiempo de cambiar de plan o cancelar.

## Pagos fallidos, suspensión y eliminación

Cuando falla un pago de renovación, le escribimos de inmediato. Puede actualizar su método de pago y abonar la factura pendiente en cualquier momento desde la página de Facturación de su panel.

- A los {{rules.paymentRetryDays}} días volvemos a intentar el cobro automáticamente.
- A los {{rules.suspendAfterDays}} días sin pagar, el servicio se suspende: el servidor se detiene y no puede iniciarse, pero sus archivos se conservan. Al pagar la factura, se reactiva.
- A los {{rules.deleteAfterDays}} días sin pagar, el servicio se da de baja y sus archivos y copias de seguridad se eliminan de forma permanente. Después ya no podemos recuperarlos.

## Cancelación, reembolsos y copias de seguridad

Puede cancelar un servicio en cualquier momento desde su panel. La cancelación se hace efectiva al final del periodo de facturación ya pagado, y el servidor sigue funcionando hasta entonces. No reembolsamos la parte no utilizada de un periodo, salvo dentro de nuestra garantía de devolución.

Los servicios nuevos tienen una garantía de devolución de {{rules.refundWindowHours}} horas. Los reembolsos aprobados vuelven a su método de pago original y tardan {{rules.refundProcessingDays}} días hábiles en llegar.

Cuando termina un servicio cancelado, su última copia de seguridad sigue disponible para descargar desde su panel durante {{rules.backupKeptAfterCancelDays}} días. Después se elimina definitivamente, así que descargue todo lo que quiera conservar.

[Leer la política de reembolso completa](/refund)

## Uso aceptable

Su servidor sirve para ejecutar su juego y las herramientas que lo acompañan. No debe usarlo, ni dejar que nadie lo use, para:

- atacar, escanear o saturar otros servidores o redes, incluidas las «pruebas de estrés» DDoS contra cualquier cosa que no sea suya
- minar criptomonedas, proxies abiertos, envíos masivos de correo o cualquier carga que no sea un servidor de juegos o sus herramientas de apoyo
- alojar o distribuir malware, cuentas robadas, recursos filtrados o pirateados, o contenido ilegal donde usted o nosotros operamos
- acosar, amenazar o exponer datos personales de jugadores (doxxing), o mantener un servidor basado en el odio o el abuso
- incumplir los términos de licencia o las normas de la comunidad del juego que ejecuta

Cuando algo amenaza nuestra red, a otros clientes o la ley, podemos suspender un servidor de inmediato y después explicarle el motivo. Ante problemas menores, primero nos ponemos en contacto con usted y le damos la oportunidad de solucionarlos.

## Su contenido y las licencias de los juegos

Los mundos, archivos de configuración, plugins, mods, scripts y todo lo que suba siguen siendo suyos. Solo nos concede los derechos necesarios para almacenarlos, hacer copias de seguridad y ejecutarlos para prestar el servicio.

Usted es responsable de tener derecho a usar lo que sube y de cumplir las normas del editor del juego que aloja, como el Acuerdo de Licencia de Usuario Final de Minecraft y sus normas sobre monetización, los términos de la plataforma Cfx.re para FiveM y los términos aplicables a los servidores dedicados de Palworld.

No revisamos sus archivos, pero actuamos ante denuncias fundadas de contenido ilegal o infracción de derechos de autor, lo que puede incluir desactivar el contenido o el servidor.

## Disponibilidad y responsabilidad

Respaldamos nuestra disponibilidad con el acuerdo de nivel de servicio. Los créditos de servicio que describe son su compensación por el tiempo de inactividad.

Guarde sus propias copias de todo lo importante. Las copias de seguridad, incluidas las del complemento de copias automáticas, son una red de seguridad y no una garantía frente a cualquier tipo de pérdida.

En la medida en que la ley lo permita, nuestra responsabilidad total por cualquier reclamación se limita al importe que nos haya pagado por el servicio afectado en los doce meses anteriores al hecho que origine la reclamación, y no respondemos de pérdidas indirectas como el progreso perdido en el juego, las donaciones o los ingresos. Nada en estos términos limita una responsabilidad que la ley no permita limitar.

[Leer el acuerdo de nivel de servicio](/sla)

## Cambios en estos términos y contacto

Podemos actualizar estos términos a medida que el servicio crece. Cuando un cambio le afecte, le escribiremos antes de que entre en vigor, y la fecha que aparece al principio de esta página indica siempre la versión vigente. Si sigue usando el servicio después de que un cambio entre en vigor, se aplican los nuevos términos.

¿Tiene preguntas sobre estos términos? Abra un ticket desde su panel o envíenos un mensaje desde la página de soporte, y le responderá una persona de verdad.

[Contactar con soporte](/support)
`;
