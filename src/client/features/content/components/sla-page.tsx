import { serviceLevelAgreement } from '../../../content/legal-sla';
import { LegalPage } from './legal-page';

export default function SlaPage() {
  return <LegalPage doc={serviceLevelAgreement} />;
}
