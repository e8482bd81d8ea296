import AviationRisk from '../components/aviation-risk';
import { ClassCoverFlow } from '../components/class-flow';

/** /aviation-insurance/{productId}/{classCode}: the class's own flow (spec-2 route table). */
export default function AviationRiskRoute() {
  return <ClassCoverFlow routeName="aviation-insurance" RiskStep={AviationRisk} />;
}
