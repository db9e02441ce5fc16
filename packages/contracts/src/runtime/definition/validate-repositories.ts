import type { ApplicationDefinition } from './application.ts';
import { childrenOf, type FormComponent } from './form.ts';
import type { ErrorCollector } from './validation-scope.ts';

/** Every component of a form's layout tree, depth first. */
function layoutComponents(layout: readonly FormComponent[]): FormComponent[] {
  return layout.flatMap((component) => [component, ...layoutComponents(childrenOf(component))]);
}

/**
 * Repositories (repository.ts): keys unique; the project component is a project component; the folder and file
 * components exist, are two different components that are not projects, belong to one repository only (a
 * folder of one could otherwise hold files of another), and hold the named forms; the file form has the
 * `attachments` component named by `attachmentsKey`.
 */
export function checkRepositories(definition: ApplicationDefinition, collector: ErrorCollector): void {
  const keys = new Set<string>();
  const claimed = new Set<number>();
  const find = (id: number) => definition.components.find((component) => component.id === id);
  definition.repositories.forEach((repository, index) => {
    const path = ['repositories', index] as const;
    if (keys.has(repository.key))
      collector.report([...path, 'key'], `duplicate repository key '${repository.key}'`);
    keys.add(repository.key);
    const project = find(repository.projectComponentId);
    if (!project?.isProject)
      collector.report(
        [...path, 'projectComponentId'],
        `component ${repository.projectComponentId} is not a project component`,
      );
    if (repository.folderComponentId === repository.fileComponentId)
      collector.report([...path, 'fileComponentId'], 'the file and folder components must differ');
    const part = (
      property: 'folderComponentId' | 'fileComponentId',
      formProperty: 'folderFormId' | 'fileFormId',
    ) => {
      const id = repository[property];
      const component = find(id);
      if (!component) {
        collector.report([...path, property], `unknown component ${id}`);
        return undefined;
      }
      if (component.isProject)
        collector.report([...path, property], `component ${id} is a project component`);
      if (claimed.has(id))
        collector.report([...path, property], `component ${id} belongs to another repository`);
      claimed.add(id);
      const form = component.forms.find((candidate) => candidate.id === repository[formProperty]);
      if (!form)
        collector.report(
          [...path, formProperty],
          `unknown form ${repository[formProperty]} in component ${id}`,
        );
      return form;
    };
    part('folderComponentId', 'folderFormId');
    const fileForm = part('fileComponentId', 'fileFormId');
    if (
      fileForm &&
      !layoutComponents(fileForm.layout).some(
        (component) => component.type === 'attachments' && component.key === repository.attachmentsKey,
      )
    )
      collector.report(
        [...path, 'attachmentsKey'],
        `form ${fileForm.id} has no attachments component '${repository.attachmentsKey}'`,
      );
  });
}

/** The repository a `repository` route or menu link names by its two forms, if the definition declares it. */
export function repositoryOfForms(
  definition: Pick<ApplicationDefinition, 'repositories'>,
  fileFormId: number,
  folderFormId: number,
) {
  return definition.repositories.find(
    (repository) => repository.fileFormId === fileFormId && repository.folderFormId === folderFormId,
  );
}
