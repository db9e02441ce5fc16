import { assertNever, type FormComponent } from '@der/contracts';
import { AttachmentsWidget } from './attachments/AttachmentsWidget.tsx';
import { FileIndexSearchWidget } from './attachments/FileIndexSearchWidget.tsx';
import { ActivityResourceWidget } from './kinds/ActivityResourceWidget.tsx';
import { AddressBlock } from './kinds/AddressBlock.tsx';
import { ButtonWidget } from './kinds/ButtonWidget.tsx';
import { CheckboxField } from './kinds/CheckboxField.tsx';
import { ComponentListWidget } from './kinds/ComponentListWidget.tsx';
import { ConfigurationWidget } from './kinds/ConfigurationWidget.tsx';
import { DataGridWidget } from './kinds/DataGridWidget.tsx';
import { DateChooserField } from './kinds/DateChooserField.tsx';
import { DropdownField } from './kinds/DropdownField.tsx';
import { FileChooserField } from './kinds/FileChooserField.tsx';
import { FormattedTextField } from './kinds/FormattedTextField.tsx';
import { GroupBoxContainer } from './kinds/GroupBoxContainer.tsx';
import { HtmlWidget } from './kinds/HtmlWidget.tsx';
import { ImageField } from './kinds/ImageField.tsx';
import { ImageListField } from './kinds/ImageListField.tsx';
import { IndicatorWidget } from './kinds/IndicatorWidget.tsx';
import { ItemHistoryWidget } from './kinds/ItemHistoryWidget.tsx';
import { ItemLinksWidget } from './kinds/ItemLinksWidget.tsx';
import { ItemTypeWidget } from './kinds/ItemTypeWidget.tsx';
import { LabelWidget } from './kinds/LabelWidget.tsx';
import { ManyToManyWidget } from './kinds/ManyToManyWidget.tsx';
import { MaskedTextField } from './kinds/MaskedTextField.tsx';
import { MasterSlaveWidget } from './kinds/MasterSlaveWidget.tsx';
import { NotificationsWidget } from './kinds/NotificationsWidget.tsx';
import { NumericPickerField } from './kinds/NumericPickerField.tsx';
import { PanelContainer } from './kinds/PanelContainer.tsx';
import { PredecessorActivitiesWidget } from './kinds/PredecessorActivitiesWidget.tsx';
import { ProjectCalendarWidget } from './kinds/ProjectCalendarWidget.tsx';
import { ProjectResourceWidget } from './kinds/ProjectResourceWidget.tsx';
import { RadioGroupField } from './kinds/RadioGroupField.tsx';
import { ReservedNotice } from './kinds/ReservedNotice.tsx';
import { StepsContainer } from './kinds/StepsContainer.tsx';
import { TabControlContainer } from './kinds/TabControlContainer.tsx';
import { TableField } from './kinds/TableField.tsx';
import { TextboxField } from './kinds/TextboxField.tsx';
import { TimelineWidget } from './kinds/TimelineWidget.tsx';
import { TimesheetsWidget } from './kinds/TimesheetsWidget.tsx';
import { TreeDropdownField } from './kinds/TreeDropdownField.tsx';
import { WorkflowPanel } from './kinds/WorkflowPanel.tsx';

/** The registry of form component kinds (spec §3): one component per kind, exhaustive over the union. */
export function FormComponentView({ component }: { component: FormComponent }) {
  switch (component.type) {
    case 'label':
      return <LabelWidget component={component} />;
    case 'numericPicker':
      return <NumericPickerField component={component} />;
    case 'checkbox':
      return <CheckboxField component={component} />;
    case 'dropdown':
      return <DropdownField component={component} />;
    case 'textbox':
      return <TextboxField component={component} />;
    case 'panel':
      return <PanelContainer component={component} />;
    case 'formattedText':
      return <FormattedTextField component={component} />;
    case 'dateChooser':
      return <DateChooserField component={component} />;
    case 'treeDropdown':
      return <TreeDropdownField component={component} />;
    case 'groupBox':
      return <GroupBoxContainer component={component} />;
    case 'tabControl':
      return <TabControlContainer component={component} />;
    case 'steps':
      return <StepsContainer component={component} />;
    case 'table':
      return <TableField component={component} />;
    case 'itemLinks':
      return <ItemLinksWidget component={component} />;
    case 'itemHistory':
      return <ItemHistoryWidget />;
    case 'manyToMany':
      return <ManyToManyWidget component={component} />;
    case 'masterSlave':
      return <MasterSlaveWidget component={component} />;
    case 'timeline':
      return <TimelineWidget component={component} />;
    case 'notifications':
      return <NotificationsWidget component={component} />;
    case 'predecessorActivities':
      return <PredecessorActivitiesWidget component={component} />;
    case 'projectCalendar':
      return <ProjectCalendarWidget component={component} />;
    case 'configuration':
      return <ConfigurationWidget component={component} />;
    case 'itemType':
      return <ItemTypeWidget component={component} />;
    case 'projectResource':
      return <ProjectResourceWidget component={component} />;
    case 'fileChooser':
      return <FileChooserField component={component} />;
    case 'address':
      return <AddressBlock component={component} />;
    case 'image':
      return <ImageField component={component} />;
    case 'maskedText':
      return <MaskedTextField component={component} />;
    case 'button':
      return <ButtonWidget component={component} />;
    case 'imageList':
      return <ImageListField component={component} />;
    case 'dataGrid':
      return <DataGridWidget component={component} />;
    case 'indicator':
      return <IndicatorWidget component={component} />;
    case 'html':
      return <HtmlWidget component={component} />;
    case 'componentList':
      return <ComponentListWidget component={component} />;
    case 'radioGroup':
      return <RadioGroupField component={component} />;
    case 'workflows':
      return <WorkflowPanel component={component} />;
    case 'attachments':
      return <AttachmentsWidget component={component} />;
    case 'fileIndexes':
      return <FileIndexSearchWidget component={component} />;
    case 'timesheets':
      return <TimesheetsWidget component={component} />;
    case 'activityResource':
      return <ActivityResourceWidget component={component} />;
    case 'svnFiles':
      return <ReservedNotice kind={component.type} />;
    default:
      return assertNever(component);
  }
}
