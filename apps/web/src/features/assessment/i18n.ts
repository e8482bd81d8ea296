import { addResources, t } from '../../lib/i18n';
import assessmentTexts from '../../locales/en.assessment.json';
import swahiliAssessmentTexts from '../../locales/sw.assessment.json';

// The assessment's texts are registered when its first module loads, not in the entry chunk.
addResources(assessmentTexts, swahiliAssessmentTexts);

export { t };
