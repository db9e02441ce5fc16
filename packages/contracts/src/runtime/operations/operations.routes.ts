import { defineRoute } from '../../common/route.ts';
import {
  ExecuteOperationBusinessRuleBodySchema,
  ExecuteOperationCallResultFunctionBodySchema,
  OperationAnswerSchema,
} from './operations.schemas.ts';

const tags = ['generic items'];

/**
 * Spec §7.6 operation calls (the page `/runtime/{appID}/operation/{operationID}/{title}`). An unknown operation
 * answers 404; one the user may not run 403; prompt values the field rules refuse 400 naming the field.
 */
export const operationRoutes = {
  executeOperationBusinessRule: defineRoute({
    method: 'POST',
    path: '/genericItem/executeOperationBusinessRule',
    access: 'session',
    summary: 'Runs an operation of the application (or answers the prompt it needs first)',
    tags,
    body: ExecuteOperationBusinessRuleBodySchema,
    response: OperationAnswerSchema,
  }),
  executeOperationCallResultFunction: defineRoute({
    method: 'POST',
    path: '/genericItem/executeOperationCallResultFunction',
    access: 'session',
    summary: 'Runs an operation with the values of its prompt',
    tags,
    body: ExecuteOperationCallResultFunctionBodySchema,
    response: OperationAnswerSchema,
  }),
};
