import { LegalPage } from './legal-page';

export default function SlaPage() {
  return <LegalPage slug="sla" />;
}
