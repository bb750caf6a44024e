import {RENDER_BUDGET_MS, RENDERER_HEAP_MB} from '../../render/service/limits.js';
import {RenderService} from '../../render/service/render-service.js';

/**
 * The app's render service: one renderer, started after the first frame. A
 * post that outruns it is ended a moment after the reader leaves it, so the
 * next post waits at most for a new renderer to start.
 */
export function appRenders(): RenderService {
	return new RenderService({renderers: 1, budgetMs: RENDER_BUDGET_MS, heapMb: RENDERER_HEAP_MB});
}
