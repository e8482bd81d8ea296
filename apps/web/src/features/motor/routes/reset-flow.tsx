import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { motorFlowStore } from '../../../stores/motor-flow';

/** An unknown screen of the wizard: the flow is reset and the visitor starts at CoverTypeSelection. */
export default function ResetFlowRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    motorFlowStore.reset();
    navigate(paths.motorCoverType.getHref(), { replace: true });
  }, [navigate]);
  return null;
}
