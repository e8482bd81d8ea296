import { ClassCoverFlow } from '../components/class-flow';
import TheftRisk from '../components/theft-risk';

/** /theft-insurance/{productId}/{classCode}: the class's own flow (spec-2 route table). */
export default function TheftRiskRoute() {
  return <ClassCoverFlow routeName="theft-insurance" RiskStep={TheftRisk} />;
}
