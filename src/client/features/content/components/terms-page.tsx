import { termsOfService } from '../../../content/legal-terms';
import { LegalPage } from './legal-page';

export default function TermsPage() {
  return <LegalPage doc={termsOfService} />;
}
