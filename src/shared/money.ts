/**
 * 650 → "$6.50", 123456 → "$1,234.56", -650 → "-$6.50". Amounts always show two decimals.
 * Written out rather than through Intl.NumberFormat: the first Intl object a page makes loads the
 * browser's locale data, the largest single cost of the public pages' script on a slow phone.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest}`;
}

export function formatVcpu(vcpu: number): string {
  return `${vcpu} vCPU`;
}
