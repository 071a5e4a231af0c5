import { privacyPolicy } from '../../../content/legal-privacy';
import { LegalPage } from './legal-page';

export default function PrivacyPage() {
  return <LegalPage doc={privacyPolicy} />;
}
