import { LegalPage } from './legal-page';

export default function RefundPage() {
  return <LegalPage slug="refund" />;
}
