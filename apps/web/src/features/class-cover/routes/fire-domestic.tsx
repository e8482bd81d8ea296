import { ClassCoverFlow } from '../components/class-flow';
import FireRisk from '../components/fire-risk';

/** /fire-domestic/{productId}/{classCode}: the class's own flow (spec-2 route table). */
export default function FireRiskRoute() {
  return <ClassCoverFlow routeName="fire-domestic" RiskStep={FireRisk} />;
}
